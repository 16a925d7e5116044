import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { withFileLock, writeFileAtomic } from "@src/file-lock";
import { ConfigError, type ConfigErrorCode } from "../errors/config-error";

/**
 * Whether `value` is an object whose fields named in `types` have those `typeof` types: the check of a list file's item
 * (an `isItem`) before it is used.
 */
export function hasFieldTypes(
  value: unknown,
  types: Readonly<Record<string, "string" | "number">>,
): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(types).every(([field, type]) => typeof record[field] === type);
}

/** What `lockedListFile` needs: where the file is, how its list is named and checked, and how its failures are said. */
export interface LockedListFileOptions<TItem> {
  /** The src home: the file is `<home>/<fileName>`. */
  readonly home: string;
  readonly fileName: string;
  /** The key of the list in the file's JSON (`{ "version": 1, "<listKey>": [...] }`). */
  readonly listKey: string;
  /** Whether a stored entry is an item (others are dropped as they are read). */
  readonly isItem: (value: unknown) => value is TItem;
  /** The error code of a file that cannot be read or locked. */
  readonly unavailableCode: ConfigErrorCode;
  /** What the file holds, for messages: `connect links`, `sign-ins`. */
  readonly what: string;
  /** Longest wait for another process's lock, in ms. */
  readonly lockTimeoutMs: number;
}

/** A list kept in one JSON file that several processes change: read freely, changed under a lock. */
export interface LockedListFile<TItem> {
  /** The items; none when the file does not exist yet or is damaged (the next change replaces it). */
  readonly read: () => Promise<TItem[]>;
  /** Runs `mutate` on the items under the inter-process lock and writes its `items` atomically (`undefined`: nothing written). */
  readonly change: <TResult>(
    mutate: (items: TItem[]) => { items: TItem[] | undefined; result: TResult },
  ) => Promise<TResult>;
}

/**
 * `<home>/<fileName>` (mode 0600) as a list shared by every process of a home: changed under an inter-process lock
 * (`@src/file-lock`) and written atomically, so a change is atomic across processes. A file that cannot be read or
 * locked is a `ConfigError` with `unavailableCode`; a damaged one reads as empty.
 */
export function lockedListFile<TItem>({
  home,
  fileName,
  listKey,
  isItem,
  unavailableCode,
  what,
  lockTimeoutMs,
}: LockedListFileOptions<TItem>): LockedListFile<TItem> {
  const file = join(home, fileName);

  async function read(): Promise<TItem[]> {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw new ConfigError({
        code: unavailableCode,
        message: `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}); check its permissions`,
        cause: error,
      });
    }
    try {
      const list = (JSON.parse(text) as Record<string, unknown>)[listKey];
      return Array.isArray(list) ? list.filter(isItem) : [];
    } catch {
      return [];
    }
  }

  return {
    read,
    async change(mutate) {
      await mkdir(home, { recursive: true, mode: 0o700 });
      return withFileLock(
        {
          lockFile: `${file}.lock`,
          target: file,
          timeoutMs: lockTimeoutMs,
          staleMs: 10_000,
          failure: (reason, cause) =>
            new ConfigError({
              code: unavailableCode,
              message: `the ${what} file ${file} is ${reason === "timeout" ? "locked by another process" : "no longer locked by this process"}; try again`,
              cause,
            }),
        },
        async (lock) => {
          const { items, result } = mutate(await read());
          if (items === undefined) return result;
          lock.assertHeld();
          await writeFileAtomic(file, `${JSON.stringify({ version: 1, [listKey]: items })}\n`);
          return result;
        },
      );
    },
  };
}
