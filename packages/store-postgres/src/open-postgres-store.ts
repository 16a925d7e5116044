import { randomUUID } from "node:crypto";
import postgres from "postgres";
import type { AuthRegistry } from "@src/auth";
import { parseSourceRecord, type AgentAccessStore, type SourceRecord, type SourceStore } from "@src/config";
import { createPostgresAgentAccessStore } from "./access/postgres-agent-access-store";
import type { ScryptCost } from "@src/vault";
import { startChangeFeed } from "./changes/change-feed";
import { openPostgresCredentialVault, type PostgresCredentialVault } from "./credentials/postgres-credential-vault";
import { resolveStoreVaultKeys, type StoreVaultKeyEnvironment } from "./credentials/vault-keys";
import { STORE_POSTGRES_ERROR_CODES, StorePostgresError } from "./errors/store-postgres-error";
import { migrateDatabase } from "./schema/migrate-database";
import { createPostgresSourceStore } from "./sources/postgres-source-store";
import { describeStoreUrl } from "./store-location";
import { createPostgresRateLimitStore, type PostgresRateLimitStore } from "./rate-limits/postgres-rate-limit-store";
import type { SignInStore } from "@src/auth";
import { createPostgresSignInStore } from "./sign-ins/postgres-sign-in-store";
import type { ConnectLinkStore } from "@src/config";
import { createPostgresConnectLinkStore } from "./connect-links/postgres-connect-link-store";

/** Options of `openPostgresStore`. */
export interface OpenPostgresStoreOptions {
  /** `postgres://user:password@host:5432/database` (`SRC_STORE` or `--store`). */
  readonly url: string;
  /** The auth plugins every record is checked against. */
  readonly registry: AuthRegistry;
  /** The src home of this process (relative `api.caFile` paths resolve under `<home>/sources/<slug>`). */
  readonly home: string;
  /** Where `SRC_VAULT_KEYS`, `SRC_VAULT_KEY` and `SRC_VAULT_PASSPHRASE` are read. Default `process.env`. */
  readonly env?: StoreVaultKeyEnvironment | undefined;
  /** Connections in the pool. Default 10. */
  readonly maxConnections?: number | undefined;
  /** How often the change counter is checked to recover missed notifications, in ms. Default 5000. */
  readonly checkIntervalMs?: number | undefined;
  /** Named in messages instead of `SRC_STORE` (e.g. `--store`). */
  readonly origin?: string | undefined;
  /** scrypt cost of the passphrase salt of a new store. Default: `@src/vault`'s. Lower it only in tests. */
  readonly scryptCost?: ScryptCost | undefined;
}

/** What `/readyz` reports. */
export interface StoreReadiness {
  /** A query answered. */
  readonly database: boolean;
  /** A notification sent to this process came back through its listener. */
  readonly listener: boolean;
}

/** The connections of this process's pool as the database sees them (`pg_stat_activity`), and the pool's size. */
export interface StorePoolStats {
  /** The most connections the pool opens (`maxConnections`). */
  readonly maxConnections: number;
  /** Open connections of this process by state: running a query, idle, idle in a transaction, anything else. */
  readonly connections: {
    readonly active: number;
    readonly idle: number;
    readonly idleInTransaction: number;
    readonly other: number;
  };
}

/** An open PostgreSQL store: the two interfaces the service takes, and what an app needs around them. */
export interface PostgresStore {
  /** `postgres://user@host:port/database`, never the password. */
  readonly location: string;
  readonly sources: SourceStore;
  readonly vault: PostgresCredentialVault;
  /** The policies' rate limits, counted in the database and so shared by every replica (give it to `createSourceService` as `rateLimits`). */
  readonly rateLimits: PostgresRateLimitStore;
  /** The sign-ins in progress, shared by every replica (a redirect may reach any of them; give it to the server). */
  readonly signIns: SignInStore;
  /** Agent tokens, hosted agents' OAuth grants and their sign-in state, shared by every replica (give it to the server as `access`). */
  readonly access: AgentAccessStore;
  /** The connect links of per-user sources, shared by every replica: a link one issued is used and waited for through any other (give it to the server as `connectLinks`). */
  readonly connectLinks: ConnectLinkStore;
  /** Checks the database and the listener (for `/readyz`), within `timeoutMs` (default 2000). */
  readiness(timeoutMs?: number): Promise<StoreReadiness>;
  /**
   * The pool's connections by state, from the database's `pg_stat_activity` (the process's connections carry an
   * `application_name` of their own, `src <id>`), the change listener's included; `undefined` when the database
   * does not answer within `timeoutMs` (default 1000). For an app's metrics.
   */
  poolStats(timeoutMs?: number): Promise<StorePoolStats | undefined>;
  /**
   * Stores a complete record as it is (its `id`, times and status kept), adding
   * or replacing the row; `"unchanged"` when the stored one is equal. For
   * copying a file home (`copyHomeToStore`).
   */
  putRecord(record: SourceRecord): Promise<"added" | "updated" | "unchanged">;
  /** Stops listening and closes the pool. */
  close(): Promise<void>;
}

/**
 * Connects, migrates the schema (numbered migrations, one transaction, under
 * an advisory lock), starts listening for changes, and opens the source store
 * and the credential vault. Refuses to open without a vault key in the
 * environment (`VAULT_KEY_REQUIRED`): every replica must share it.
 */
export async function openPostgresStore(options: OpenPostgresStoreOptions): Promise<PostgresStore> {
  const origin = options.origin ?? "SRC_STORE";
  const location = describeStoreUrl(options.url, origin);
  const keys = resolveStoreVaultKeys(options.env ?? process.env);
  const maxConnections = options.maxConnections ?? 10;
  // One name per process: `poolStats` finds this process's connections by it (replicas share the database).
  const applicationName = `src ${randomUUID().slice(0, 8)}`;
  const sql = postgres(options.url.trim(), {
    max: maxConnections,
    onnotice: () => undefined,
    connection: { application_name: applicationName },
    connect_timeout: 10,
  });
  try {
    await migrateDatabase(sql);
  } catch (error) {
    await sql.end({ timeout: 1 }).catch(() => undefined);
    if (StorePostgresError.isInstance(error)) throw error;
    throw new StorePostgresError({
      code: STORE_POSTGRES_ERROR_CODES.STORE_UNAVAILABLE,
      message: `could not open the PostgreSQL store ${location} (${origin}): ${(error as Error).message}; check that the server runs and the URL, user and password are right`,
      cause: error,
    });
  }
  const feed = await startChangeFeed(sql, { checkIntervalMs: options.checkIntervalMs });
  try {
    const vault = await openPostgresCredentialVault({ sql, feed, keys, location, scryptCost: options.scryptCost });
    const sources = createPostgresSourceStore({ sql, feed, registry: options.registry, location, home: options.home });
    return {
      location,
      sources,
      vault,
      rateLimits: createPostgresRateLimitStore(sql),
      signIns: createPostgresSignInStore(sql),
      access: createPostgresAgentAccessStore({ sql, feed, location }),
      connectLinks: createPostgresConnectLinkStore(sql),
      async readiness(timeoutMs = 2000) {
        const database = await Promise.race([
          sql`select 1`.then(
            () => true,
            () => false,
          ),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref()),
        ]);
        const listener = database && (await feed.probe(timeoutMs));
        return { database, listener };
      },
      async poolStats(timeoutMs = 1000) {
        const query = sql<
          { state: string | null; count: number }[]
        >`select state, count(*)::int as count from pg_stat_activity
          where application_name = ${applicationName} group by state`.then(
          (rows) => rows,
          () => undefined,
        );
        const rows = await Promise.race([
          query,
          new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs).unref()),
        ]);
        if (rows === undefined) return undefined;
        const connections = { active: 0, idle: 0, idleInTransaction: 0, other: 0 };
        for (const { state, count } of rows) {
          if (state === "active") connections.active += count;
          else if (state === "idle") connections.idle += count;
          else if (state === "idle in transaction" || state === "idle in transaction (aborted)")
            connections.idleInTransaction += count;
          else connections.other += count;
        }
        // The connection asking counts as active: it runs this query.
        return { maxConnections, connections };
      },
      async putRecord(record) {
        const checked = parseSourceRecord(record, { registry: options.registry, slug: record.slug });
        const rows = await sql<
          { added: boolean }[]
        >`insert into src_sources (slug, record) values (${checked.slug}, ${sql.json(checked as never)})
          on conflict (slug) do update set record = excluded.record, version = src_sources.version + 1
            where src_sources.record is distinct from excluded.record
          returning (xmax = 0) as added`;
        const [row] = rows;
        return row === undefined ? "unchanged" : row.added ? "added" : "updated";
      },
      async close() {
        await feed.close();
        await sql.end({ timeout: 5 });
      },
    };
  } catch (error) {
    await feed.close();
    await sql.end({ timeout: 1 }).catch(() => undefined);
    throw error;
  }
}
