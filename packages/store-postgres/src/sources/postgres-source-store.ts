import { join } from "node:path";
import type { Sql } from "postgres";
import type { AuthRegistry } from "@src/auth";
import {
  DuplicateSlugError,
  SourceNotFoundError,
  SourceValidationError,
  parseSourceInput,
  parseSourceRecord,
  slugify,
  type ChangedSources,
  type SourceListEntry,
  type SourceRecord,
  type SourceStore,
  type SourceWatch,
} from "@src/config";
import {
  applySourceChanges,
  applyStatusChange,
  createChangeBurst,
  fillServiceFields,
  slugSchema,
} from "@src/config/internal";
import type { ChangeFeed } from "../changes/change-feed";
import { changeSourceRow, type SourceRow } from "./change-source-row";

/** Options of `createPostgresSourceStore`. */
export interface PostgresSourceStoreOptions {
  readonly sql: Sql;
  readonly feed: ChangeFeed;
  readonly registry: AuthRegistry;
  /** Where the store is, for messages (no password). */
  readonly location: string;
  /** The src home of this process: a relative `api.caFile` resolves against `<home>/sources/<slug>`, as with the file store. */
  readonly home: string;
  /** The clock. Default `() => new Date()`. */
  readonly now?: (() => Date) | undefined;
  /** How often an update retries when another writer changed the source in between. Default 8. */
  readonly updateAttempts?: number | undefined;
}

const defaultDebounceMs = 150;

/**
 * Calls `listener` once per burst of source changes on the feed (debounced; `undefined`: the feed reconnected,
 * anything may have changed). `catchUp()` reports at once the notifications the connection has already received.
 */
function watchSourceChanges(
  feed: ChangeFeed,
  listener: (changed: ChangedSources) => void,
  debounceMs: number,
): SourceWatch {
  const burst = createChangeBurst(debounceMs, listener);
  const unsubscribe = feed.subscribe((change) => {
    // Agent tokens change no source.
    if (change?.table === "src_agent_tokens") return;
    burst.add(change?.slug);
  });
  const stop: SourceWatch = () => {
    burst.stop();
    unsubscribe();
  };
  stop.catchUp = () => burst.catchUp();
  return stop;
}

/**
 * The sources as rows of `src_sources`: the record as `jsonb`, the slug
 * unique, a version bumped by every write. An update reads the record and its
 * version, applies the changes, and writes only if the version is still the
 * one it read: on a clash it applies the changes again to the newer record,
 * and after `updateAttempts` clashes it gives up with `SOURCE_CONFLICT`, having
 * written nothing; an update is never lost. Records are cached until the
 * change feed says they changed.
 */
export function createPostgresSourceStore(options: PostgresSourceStoreOptions): SourceStore {
  const { sql, feed, registry, location, home } = options;
  const now = options.now ?? (() => new Date());
  const attempts = options.updateAttempts ?? 8;
  const where = (slug: string): string => `${location} (source "${slug}")`;

  const cache = new Map<string, SourceListEntry>();
  let complete = false;
  let epoch = 0;
  feed.subscribe((change) => {
    epoch += 1;
    if (change === undefined) {
      cache.clear();
      complete = false;
    } else if (change.table === "src_sources") {
      cache.delete(change.slug);
      complete = false;
    }
  });
  const forget = (slug: string): void => {
    epoch += 1;
    cache.delete(slug);
    complete = false;
  };

  const entryOf = (row: SourceRow): SourceListEntry => {
    try {
      return {
        ok: true,
        slug: row.slug,
        record: parseSourceRecord(row.record, { registry, slug: row.slug, file: where(row.slug) }),
      };
    } catch (error) {
      return {
        ok: false,
        slug: row.slug,
        file: where(row.slug),
        error: error instanceof Error ? error : new Error(String(error)),
      };
    }
  };
  const bySlug = (a: SourceListEntry, b: SourceListEntry): number => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);

  async function readSome(slugs: readonly string[]): Promise<SourceListEntry[]> {
    const missing = slugs.filter((slug) => !cache.has(slug));
    if (missing.length > 0) {
      const started = epoch;
      const rows = await sql<SourceRow[]>`select slug, record, version from src_sources where slug = any(${missing})`;
      const entries = rows.map(entryOf);
      if (epoch === started) for (const entry of entries) cache.set(entry.slug, entry);
      const found = new Map(entries.map((entry) => [entry.slug, entry]));
      return slugs.flatMap((slug) => {
        const entry = cache.get(slug) ?? found.get(slug);
        return entry === undefined ? [] : [entry];
      });
    }
    return slugs.flatMap((slug) => {
      const entry = cache.get(slug);
      return entry === undefined ? [] : [entry];
    });
  }

  async function get(slug: string): Promise<SourceRecord> {
    const cached = cache.get(slug);
    const entry = cached ?? (await readSome([slug]))[0];
    if (entry === undefined) throw new SourceNotFoundError({ slug, file: where(slug) });
    if (!entry.ok) throw entry.error;
    return entry.record;
  }

  const change = (slug: string, apply: (current: SourceRecord) => SourceRecord): Promise<SourceRecord> =>
    changeSourceRow({ sql, registry, attempts, where, forget }, slug, apply);

  return {
    location,

    async list() {
      if (complete) return [...cache.values()].sort(bySlug);
      const started = epoch;
      const rows = await sql<SourceRow[]>`select slug, record, version from src_sources order by slug collate "C"`;
      const entries = rows.map(entryOf);
      if (epoch === started) {
        cache.clear();
        for (const entry of entries) cache.set(entry.slug, entry);
        complete = true;
      }
      return entries;
    },

    async listSome(slugs) {
      const wanted = [...new Set(slugs)].filter((slug) => slugSchema.safeParse(slug).success);
      return (await readSome(wanted)).sort(bySlug);
    },

    get,

    async create(input) {
      const parsed = parseSourceInput(input, { registry });
      const slug = parsed.slug ?? slugify(parsed.name);
      const { record } = fillServiceFields({ ...parsed, slug }, { now });
      const checked = parseSourceRecord(record, { registry, slug, file: where(slug) });
      try {
        await sql`insert into src_sources (slug, record) values (${slug}, ${sql.json(checked as never)})`;
      } catch (error) {
        if ((error as { code?: unknown }).code === "23505")
          throw new DuplicateSlugError({ slug, file: where(slug), cause: error });
        throw error;
      } finally {
        forget(slug);
      }
      return checked;
    },

    update: (slug, changes) =>
      change(slug, (current) => {
        const changed = applySourceChanges(current, changes, slug);
        return parseSourceRecord({ ...changed, updatedAt: now().toISOString() }, { registry, slug, file: where(slug) });
      }),

    setStatus: (slug, status) => change(slug, (current) => applyStatusChange(current, status, slug)),

    async remove(slug) {
      const rows = await sql`delete from src_sources where slug = ${slug} returning slug`;
      forget(slug);
      if (rows.length === 0) throw new SourceNotFoundError({ slug, file: where(slug) });
    },

    directoryOf(slug) {
      if (!slugSchema.safeParse(slug).success) {
        throw new SourceValidationError({
          issues: [{ path: "slug", message: "is not a valid slug; use lower-case letters, digits and '-'" }],
          slug,
        });
      }
      return join(home, "sources", slug);
    },

    watch(listener: (changed: ChangedSources) => void, watchOptions = {}) {
      return watchSourceChanges(feed, listener, watchOptions.debounceMs ?? defaultDebounceMs);
    },
  };
}
