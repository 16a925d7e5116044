/** Methods that may be sent again without changing the outcome. */
const idempotentMethods: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

/** Statuses worth another attempt: timeouts, rate limits and transient server errors. */
const retryableStatuses: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** How long to wait between attempts. */
export interface RetryDelayOptions {
  /** First backoff step in milliseconds; doubles each retry, with jitter. Default 300. */
  baseMs?: number;
  /** Longest wait a `Retry-After` header can ask for, in milliseconds. Default 30000. */
  maxRetryAfterMs?: number;
}

export const defaultRetryDelay: Readonly<Required<RetryDelayOptions>> = Object.freeze({
  baseMs: 300,
  maxRetryAfterMs: 30_000,
});

export function normalizeRetryDelayOptions(options?: RetryDelayOptions): Required<RetryDelayOptions> {
  return {
    baseMs: options?.baseMs ?? defaultRetryDelay.baseMs,
    maxRetryAfterMs: options?.maxRetryAfterMs ?? defaultRetryDelay.maxRetryAfterMs,
  };
}

export function isIdempotentMethod(method: string): boolean {
  return idempotentMethods.has(method.toUpperCase());
}

export function isRetryableStatus(status: number): boolean {
  return retryableStatuses.has(status);
}

/**
 * Milliseconds asked for by a `Retry-After` value (delay-seconds or an HTTP
 * date), or `undefined` when absent or unreadable. A date in the past gives 0.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (1-based): the `Retry-After` value when
 * given, capped at `maxRetryAfterMs`; otherwise `baseMs * 2^(retry-1)` with
 * "equal jitter" (between half and all of it).
 */
export function computeRetryDelay(
  retry: number,
  retryAfter: string | null,
  options: Required<RetryDelayOptions>,
): number {
  const asked = parseRetryAfter(retryAfter);
  if (asked !== undefined) return Math.min(asked, options.maxRetryAfterMs);
  const step = options.baseMs * 2 ** (retry - 1);
  return Math.min(step / 2 + Math.random() * (step / 2), options.maxRetryAfterMs);
}
