import type { Sql } from "postgres";
import type { AuthRegistry } from "@src/auth";
import { SourceNotFoundError, parseSourceRecord, type SourceRecord } from "@src/config";
import { STORE_POSTGRES_ERROR_CODES, StorePostgresError } from "../errors/store-postgres-error";

/** A row of `src_sources`. */
export interface SourceRow {
  slug: string;
  record: unknown;
  version: string;
}

/** What `changeSourceRow` works with: the connection, the registry to check records, and the store's cache to forget. */
export interface SourceRowChangeContext {
  readonly sql: Sql;
  readonly registry: AuthRegistry;
  /** How many clashes before `SOURCE_CONFLICT`. */
  readonly attempts: number;
  /** Where a source is, for messages. */
  readonly where: (slug: string) => string;
  /** Drops the cached entry of `slug` (after every attempt, written or not). */
  readonly forget: (slug: string) => void;
}

/** A clash another attempt can resolve: a serialization failure or a deadlock the database broke. */
const isRetryable = (error: unknown): boolean =>
  ["40001", "40P01"].includes(String((error as { code?: unknown }).code));

/**
 * Read-modify-write: in a transaction, the row is read with `for update`
 * (writers through this store queue on it), `apply` runs on the latest
 * record, and the write is conditional on the version read. A clash (the
 * version moved, a serialization failure, a deadlock) retries with the newer
 * record; after `attempts` clashes, `SOURCE_CONFLICT` with nothing written.
 */
export async function changeSourceRow(
  { sql, registry, attempts, where, forget }: SourceRowChangeContext,
  slug: string,
  apply: (current: SourceRecord) => SourceRecord,
): Promise<SourceRecord> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      const written = await sql.begin(async (transaction) => {
        const [row] = await transaction<
          SourceRow[]
        >`select slug, record, version from src_sources where slug = ${slug} for update`;
        if (row === undefined) throw new SourceNotFoundError({ slug, file: where(slug) });
        const next = apply(parseSourceRecord(row.record, { registry, slug, file: where(slug) }));
        const rows =
          await transaction`update src_sources set record = ${transaction.json(next as never)}, version = version + 1 where slug = ${slug} and version = ${row.version} returning slug`;
        return rows.length > 0 ? next : undefined;
      });
      forget(slug);
      if (written !== undefined) return written;
    } catch (error) {
      forget(slug);
      if (!isRetryable(error)) throw error;
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
  throw new StorePostgresError({
    code: STORE_POSTGRES_ERROR_CODES.SOURCE_CONFLICT,
    message: `source "${slug}" was changed by another writer each of the ${attempts} times this change was applied; nothing was written, try again`,
    cause: lastError,
  });
}
