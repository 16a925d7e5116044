import type { AuthRegistry } from "@src/auth";
import { writeFileAtomic } from "@src/file-lock";
import { type Dirent, statSync } from "node:fs";
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { DuplicateSlugError } from "../errors/duplicate-slug-error";
import { SourceNotFoundError } from "../errors/source-not-found-error";
import { SourceValidationError } from "../errors/source-validation-error";
import { parseSourceInput, parseSourceRecord } from "../parse-source";
import { resolveSrcHome } from "../resolve-src-home";
import { slugify } from "../slugify";
import { type SourceRecord, slugSchema } from "../source-schema";
import { type ServiceFieldSources, fillServiceFields } from "./fill-service-fields";
import { loadSourceFile } from "./read-source-file";
import { applySourceChanges, applyStatusChange } from "./source-changes";
import { type HeldSourceLock, defaultSourceLockOptions } from "./source-lock";
import { createExclusiveRunner } from "./source-exclusive";
import { createSourceFileIndex } from "./source-file-index";
import { sourceFileName, sourcesDirectoryOf } from "./source-paths";
import { createFileSignatureCache, fileSignatureOf } from "./file-signature-cache";
import type { SourceListEntry, SourceStore } from "./source-store-contract";
import { watchSourceDirectories } from "./watch-source-directories";

/** Options of `createSourceStore`. */
export interface SourceStoreOptions extends ServiceFieldSources {
  /** The auth plugins every record is checked against. */
  readonly registry: AuthRegistry;
  /** The src home. Default: `resolveSrcHome({ env })`, i.e. `$SRC_HOME` or `~/.src`. */
  readonly home?: string | undefined;
  /** Environment used when `home` is not given. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Longest wait, in ms, for another process's write lock on the same source before `SourceLockedError`. Default 10000. */
  readonly lockTimeoutMs?: number;
  /** Age, in ms, after which a write lock its holder stopped refreshing (a killed process) is taken over; at least 2000. Default 10000. */
  readonly lockStaleMs?: number;
}

/** The file store: the sources of one src home, stored as `$SRC_HOME/sources/{slug}/config.json`. */
export interface FileSourceStore extends SourceStore {
  /** The absolute src home. */
  readonly home: string;
  /** `$SRC_HOME/sources`. */
  readonly sourcesDirectory: string;
  /** `$SRC_HOME/sources/{slug}`, after checking the slug. */
  directoryOf(slug: string): string;
  /** `$SRC_HOME/sources/{slug}/config.json`, after checking the slug. */
  fileOf(slug: string): string;
  /** `$SRC_HOME/sources/.locks/{slug}.lock`, the inter-process write lock of the source, after checking the slug. */
  lockFileOf(slug: string): string;
}

/** In a listing, a directory without `config.json` is a broken entry, not a missing source. */
function describeListError(error: unknown, slug: string, file: string): Error {
  if (SourceNotFoundError.isInstance(error) && error.code === "SOURCE_NOT_FOUND") {
    const issues = [
      { path: "(file)", message: "is missing; write a config.json in this directory or remove the directory" },
    ];
    return new SourceValidationError({ issues, slug, file, cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * `list()` hands the event loop back after this many sources: files are read
 * synchronously (see `loadSourceFile`), and a server listing thousands of
 * sources keeps answering other requests in between.
 */
const listBatchSize = 200;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Whether `path` is a directory or a link to one (synchronous, like the reads of `list()`). */
function isDirectorySync(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

const serialize = (record: SourceRecord): string => `${JSON.stringify(record, null, 2)}\n`;

/** The names under sources/ that may be sources (directories, or links that may lead to one; no dot files); none when it does not exist. */
async function readSourceDirectoryNames(sourcesDirectory: string): Promise<{ name: string; isLink: boolean }[]> {
  let found: Dirent[];
  try {
    found = await readdir(sourcesDirectory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return found
    .filter((entry) => !entry.name.startsWith(".") && (entry.isDirectory() || entry.isSymbolicLink()))
    .map((entry) => ({ name: entry.name, isLink: entry.isSymbolicLink() }));
}

/**
 * The entries of these names under sources/, sorted by name, each read with `read`; `isLink`: the
 * entry may not be a directory, stat it first (it is left out unless it
 * leads to one).
 */
async function listSourceEntries(
  names: readonly { name: string; isLink: boolean }[],
  {
    sourcesDirectory,
    read,
  }: {
    sourcesDirectory: string;
    read: (slug: string, options: { persist: boolean; file: string; cache: boolean }) => Promise<SourceRecord>;
  },
): Promise<SourceListEntry[]> {
  const sorted = [...names].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const entries: SourceListEntry[] = [];
  for (const [index, { name, isLink }] of sorted.entries()) {
    if (index > 0 && index % listBatchSize === 0) await yieldToEventLoop();
    const directory = join(sourcesDirectory, name);
    const file = join(directory, sourceFileName);
    if (isLink && !isDirectorySync(directory)) continue;
    if (!slugSchema.safeParse(name).success) {
      const issues = [
        {
          path: "slug",
          message: "the directory name is not a valid slug; rename it to lower-case letters, digits and '-'",
        },
      ];
      entries.push({ ok: false, slug: name, file, error: new SourceValidationError({ issues, slug: name, file }) });
      continue;
    }
    try {
      entries.push({ ok: true, slug: name, record: await read(name, { persist: true, file, cache: false }) });
    } catch (error) {
      entries.push({ ok: false, slug: name, file, error: describeListError(error, name, file) });
    }
  }
  return entries;
}

/** Creates the file store. Nothing touches the disk until an operation is called. */
export function createSourceStore(options: SourceStoreOptions): FileSourceStore {
  const { registry } = options;
  const home = resolveSrcHome({ home: options.home, env: options.env });
  const sourcesDirectory = sourcesDirectoryOf(home);
  const now = options.now ?? (() => new Date());
  const fieldSources: ServiceFieldSources = {
    now,
    ...(options.createId === undefined ? {} : { createId: options.createId }),
  };
  const lockOptions = {
    timeoutMs: options.lockTimeoutMs ?? defaultSourceLockOptions.timeoutMs,
    staleMs: options.lockStaleMs ?? defaultSourceLockOptions.staleMs,
  };
  // Agent calls read the same config.json again and again: parse it once per version of the file.
  const parsedFiles = createFileSignatureCache<SourceRecord>();
  const { directoryOf, fileOf, lockFileOf, forget } = createSourceFileIndex(sourcesDirectory);
  const exclusive = createExclusiveRunner(lockFileOf, lockOptions);

  async function ensureDirectory(directory: string): Promise<void> {
    await mkdir(home, { recursive: true, mode: 0o700 });
    await mkdir(sourcesDirectory, { recursive: true, mode: 0o700 });
    await mkdir(directory, { recursive: true, mode: 0o700 });
  }

  /**
   * Reads a source; a hand-written file gets its service fields persisted right away, so `id` stays stable.
   * `cache: false` (a listing) neither looks in nor fills the parse cache: a listing reads each file once, and the
   * cache (a `stat` and a copy per source) pays only for the sources agents call again and again.
   */
  async function read(
    slug: string,
    { persist, file = fileOf(slug), cache = true }: { persist: boolean; file?: string; cache?: boolean },
  ): Promise<SourceRecord> {
    const signature = cache ? fileSignatureOf(file) : undefined;
    if (cache) {
      const cached = parsedFiles.get(slug, signature);
      if (cached !== undefined) return cached;
      if (signature === undefined) parsedFiles.delete(slug);
    }
    const { record, filled, text } = await loadSourceFile(file, { registry, ...fieldSources });
    if (record.slug !== slug) {
      throw new SourceValidationError({
        issues: [
          {
            path: "slug",
            message: `is "${record.slug}" but the directory is "${slug}"; the directory name is the slug, make them match`,
          },
        ],
        slug,
        file,
      });
    }
    if (filled && persist)
      await exclusive(slug, (lock) => persistFilled(file, text, record, lock)).catch(() => undefined);
    if (cache && !filled) parsedFiles.set(slug, signature, record);
    return record;
  }

  /** Best effort: a locked or changed file is left as it is, and the next read fills it in again. */
  async function persistFilled(file: string, text: string, record: SourceRecord, lock: HeldSourceLock): Promise<void> {
    const current = await readFile(file, "utf8").catch(() => undefined);
    if (current !== text) return;
    lock.assertHeld();
    await writeFileAtomic(file, serialize(record));
  }

  /** Writes a checked record; call it under the slug's lock, which is checked once more just before the rename. */
  async function write(
    record: SourceRecord,
    lock: HeldSourceLock,
    { exclusive: isNew = false } = {},
  ): Promise<SourceRecord> {
    const file = fileOf(record.slug);
    const checked = parseSourceRecord(record, { registry, file, slug: record.slug });
    await ensureDirectory(directoryOf(record.slug));
    lock.assertHeld();
    try {
      await writeFileAtomic(file, serialize(checked), { exclusive: isNew });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST")
        throw new DuplicateSlugError({ slug: record.slug, file, cause: error });
      throw error;
    }
    return checked;
  }

  return {
    location: sourcesDirectory,
    home,
    sourcesDirectory,
    directoryOf,
    fileOf,
    lockFileOf,

    async list() {
      const names = await readSourceDirectoryNames(sourcesDirectory);
      // A long-running process (the server, `src mcp`) lists again and again: forget the sources removed since.
      parsedFiles.retain(new Set(names.map((entry) => entry.name)));
      return listSourceEntries(names, { sourcesDirectory, read });
    },

    watch: (listener, watchOptions = {}) =>
      watchSourceDirectories({ home, debounceMs: watchOptions.debounceMs }, listener),

    async listSome(slugs) {
      const names = [...new Set(slugs)].filter((name) => name !== "" && !name.startsWith(".") && !/[/\\]/.test(name));
      return listSourceEntries(
        names.map((name) => ({ name, isLink: true })),
        { sourcesDirectory, read },
      );
    },

    get: (slug) => read(slug, { persist: true }),

    async create(input) {
      const parsed = parseSourceInput(input, { registry });
      const slug = parsed.slug ?? slugify(parsed.name);
      const { record } = fillServiceFields({ ...parsed, slug }, fieldSources);
      return exclusive(slug, (lock) => write(record, lock, { exclusive: true }));
    },

    update: (slug, changes) =>
      exclusive(slug, async (lock) => {
        const current = await read(slug, { persist: false });
        const changed = applySourceChanges(current, changes, slug);
        const record = parseSourceRecord(
          { ...changed, updatedAt: now().toISOString() },
          { registry, slug, file: fileOf(slug), change: true },
        );
        return write(record, lock);
      }),

    setStatus: (slug, status) =>
      exclusive(slug, async (lock) => {
        const current = await read(slug, { persist: false });
        return write(applyStatusChange(current, status, slug), lock);
      }),

    remove: (slug) =>
      exclusive(slug, async (lock) => {
        const directory = directoryOf(slug);
        const file = join(directory, sourceFileName);
        const exists = await stat(directory).then(
          () => true,
          () => false,
        );
        if (!exists) throw new SourceNotFoundError({ slug, file });
        lock.assertHeld();
        await rm(directory, { recursive: true, force: true });
        parsedFiles.delete(slug);
        forget(slug);
      }),
  };
}
