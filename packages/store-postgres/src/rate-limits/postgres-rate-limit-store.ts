import type { Sql } from "postgres";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";

/** A rate limit: at most `calls` in every window of `perSeconds` seconds (`api.policy.rateLimit` of `@src/config`). */
export interface StoreRateLimit {
  readonly calls: number;
  readonly perSeconds: number;
}

/** The rate limits of every replica, counted in the database: the `RateLimitStore` of `@src/http-tool`. */
export interface PostgresRateLimitStore {
  /** Takes one call from `key`'s bucket under `limit`; rejects only when the database fails. */
  consume(
    key: string,
    limit: StoreRateLimit,
  ): Promise<{ readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number }>;
}

/** The table of migration 2. */
const tableName = "src_rate_limits";

/**
 * Rate limits shared by every process on the store, with
 * [rate-limiter-flexible](https://github.com/animir/node-rate-limiter-flexible)'s
 * `RateLimiterPostgres` (one atomic upsert per call) over this package's
 * `postgres` pool: the library speaks to a `pg`-style `query({ text, values })`,
 * which a small adapter answers with `sql.unsafe`. The table comes from the
 * migrations, so the library never creates it.
 */
export function createPostgresRateLimitStore(sql: Sql): PostgresRateLimitStore {
  const client = {
    query: async ({ text, values }: { text: string; values?: unknown[] }) => ({
      rows: await sql.unsafe(text, (values ?? []) as never[]),
    }),
  };
  const limiters = new Map<string, RateLimiterPostgres>();
  return {
    async consume(key, limit) {
      const prefix = `src:${limit.calls}:${limit.perSeconds}`;
      let limiter = limiters.get(prefix);
      if (limiter === undefined) {
        limiter = new RateLimiterPostgres({
          storeClient: client,
          storeType: "pool",
          tableName,
          tableCreated: true,
          keyPrefix: prefix,
          points: limit.calls,
          duration: limit.perSeconds,
        });
        limiters.set(prefix, limiter);
      }
      try {
        await limiter.consume(key, 1);
        return { allowed: true };
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes)
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
        throw refusal;
      }
    },
  };
}
