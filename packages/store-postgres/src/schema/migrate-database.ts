import type { Sql } from "postgres";
import { STORE_POSTGRES_ERROR_CODES, StorePostgresError } from "../errors/store-postgres-error";
import { type Migration, migrations as defaultMigrations } from "./migrations";

/** The advisory lock every replica takes while migrating, so two starting at once do not both apply a migration. */
const migrationLockKey = 7_410_015;

/** What `migrateDatabase` did. */
export interface MigrationOutcome {
  /** The versions applied now (empty when the schema was current). */
  readonly applied: readonly number[];
  /** The schema version afterwards. */
  readonly version: number;
}

/**
 * Brings the schema up to date: in one transaction under an advisory lock,
 * creates `src_schema_migrations` when missing and applies every migration not
 * recorded there, in order. A failure rolls everything back. A database whose
 * schema is newer than this version knows is refused (`SCHEMA_TOO_NEW`).
 */
export async function migrateDatabase(
  sql: Sql,
  migrations: readonly Migration[] = defaultMigrations,
): Promise<MigrationOutcome> {
  return sql.begin(async (transaction) => {
    await transaction`select pg_advisory_xact_lock(${migrationLockKey})`;
    await transaction`create table if not exists src_schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())`;
    const rows = await transaction<{ version: number }[]>`select version from src_schema_migrations order by version`;
    const done = new Set(rows.map((row) => row.version));
    const newest = Math.max(0, ...migrations.map((migration) => migration.version));
    const stored = Math.max(0, ...done);
    if (stored > newest) {
      throw new StorePostgresError({
        code: STORE_POSTGRES_ERROR_CODES.SCHEMA_TOO_NEW,
        message: `the database's schema is at version ${stored}, newer than this version of src knows (${newest}); upgrade src on this machine`,
      });
    }
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      await transaction.unsafe(migration.sql);
      await transaction`insert into src_schema_migrations (version, name) values (${migration.version}, ${migration.name})`;
      applied.push(migration.version);
    }
    return { applied, version: Math.max(stored, newest) };
  });
}
