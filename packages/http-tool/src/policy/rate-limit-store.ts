import type { RateLimit } from "@src/config";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

/** What a rate limit says of one call: go on, or wait `retryAfterSeconds`. */
export type RateLimitVerdict =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Where the policy's rate limits are counted: one bucket per key
 * (`source:<slug>`, `token:<name>`), each with the limit given. The memory
 * store (`createMemoryRateLimitStore`, the default) counts per process;
 * `@src/store-postgres` counts in the database, shared by every replica.
 */
export interface RateLimitStore {
  /** Takes one call from `key`'s bucket under `limit`. Rejects only when the store itself fails. */
  consume(key: string, limit: RateLimit): Promise<RateLimitVerdict>;
}

/** The verdict of a rate-limiter-flexible `consume`: it rejects with a `RateLimiterRes` when the key is over its points. */
export async function consumeWith(limiter: RateLimiterAbstract, key: string): Promise<RateLimitVerdict> {
  try {
    await limiter.consume(key, 1);
    return { allowed: true };
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes)
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    throw refusal;
  }
}

/** The key prefix of a limit: a changed limit counts in fresh buckets. */
export const rateLimitPrefix = (limit: RateLimit): string => `src:${limit.calls}:${limit.perSeconds}`;

/**
 * Rate limits counted in this process's memory with
 * [rate-limiter-flexible](https://github.com/animir/node-rate-limiter-flexible)'s
 * `RateLimiterMemory`: at most `calls` in each window of `perSeconds`
 * seconds per key. Another process (a second replica, a CLI call) has its own counts.
 */
export function createMemoryRateLimitStore(): RateLimitStore {
  const limiters = new Map<string, RateLimiterMemory>();
  return {
    consume(key, limit) {
      const prefix = rateLimitPrefix(limit);
      let limiter = limiters.get(prefix);
      if (limiter === undefined) {
        limiter = new RateLimiterMemory({ points: limit.calls, duration: limit.perSeconds, keyPrefix: prefix });
        limiters.set(prefix, limiter);
      }
      return consumeWith(limiter, key);
    },
  };
}
