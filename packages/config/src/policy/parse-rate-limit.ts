import type { RateLimit } from "./api-policy-schema";

const unitSeconds: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** How a rate limit is written on the command line: calls, a slash, a duration. */
export const RATE_LIMIT_TEXT_HINT =
  'write calls/duration, e.g. "60/1m" (60 calls a minute), "10/30s", "1000/1h" or "5000/d": a whole number of calls (1-1000000) and a duration in s, m, h or d of at most a day';

/**
 * A rate limit written `N/DURATION` (`--rate-limit 60/1m`): `N` calls in every
 * window of the duration (`30s`, `1m`, `h`, `1d`: an optional whole number and
 * s, m, h or d, at most a day). `undefined` when the text is not of that form
 * (the caller names its flag or field, with `RATE_LIMIT_TEXT_HINT`).
 */
export function parseRateLimitText(text: string): RateLimit | undefined {
  const match = /^\s*([1-9][0-9]{0,6})\s*\/\s*([1-9][0-9]{0,5})?\s*([smhd])\s*$/.exec(text);
  if (match === null) return undefined;
  const calls = Number(match[1]);
  const perSeconds = Number(match[2] ?? "1") * (unitSeconds[match[3]!] ?? Number.NaN);
  if (calls > 1_000_000 || !(perSeconds >= 1 && perSeconds <= 86_400)) return undefined;
  return { calls, perSeconds };
}

/** A rate limit as `parseRateLimitText` reads it: `60/60s`. */
export const formatRateLimit = (limit: RateLimit): string => `${limit.calls}/${limit.perSeconds}s`;
