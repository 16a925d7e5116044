/** Limits of the server. Every field is optional; `normalizeServerLimits` fills in `defaultServerLimits`. */
export interface ServerLimits {
  /** Largest request body accepted, in bytes; larger bodies get 413 `BODY_TOO_LARGE`. Default 1048576 (1 MiB). */
  maxBodyBytes?: number;
  /** Agent calls running at once for one source (HTTP and MCP together). Default 8. */
  maxConcurrentCallsPerSource?: number;
  /** Agent calls waiting for a slot for one source; one more is refused with 429 `SOURCE_BUSY`. Default 32. */
  maxQueuedCallsPerSource?: number;
  /** Seconds sent in `Retry-After` with a 429. Default 1. */
  retryAfterSeconds?: number;
  /** Longest wait for in-flight agent calls at shutdown, in milliseconds. Default 10000. */
  shutdownTimeoutMs?: number;
  /** How long an OAuth 2.0 sign-in started with `POST /v1/sources/{slug}/auth/login` waits for its redirect, in milliseconds. Default 600000 (10 minutes). */
  signInLifetimeMs?: number;
}

/** The defaults of `ServerLimits`. */
export const defaultServerLimits: Required<ServerLimits> = {
  maxBodyBytes: 1024 * 1024,
  maxConcurrentCallsPerSource: 8,
  maxQueuedCallsPerSource: 32,
  retryAfterSeconds: 1,
  shutdownTimeoutMs: 10_000,
  signInLifetimeMs: 600_000,
};

/** Merges `limits` over `defaultServerLimits`; rejects values that are not positive integers (0 is allowed for the queue). */
export function normalizeServerLimits(limits: ServerLimits = {}): Required<ServerLimits> {
  const merged = { ...defaultServerLimits };
  for (const [name, value] of Object.entries(limits) as [keyof ServerLimits, number | undefined][]) {
    if (value === undefined) continue;
    const minimum = name === "maxQueuedCallsPerSource" ? 0 : 1;
    if (!Number.isInteger(value) || value < minimum) {
      throw new RangeError(`limits.${name}: must be an integer of at least ${minimum}, got ${String(value)}`);
    }
    merged[name] = value;
  }
  return merged;
}
