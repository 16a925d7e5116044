import { createRedactor, type Redactor } from "./redact-secrets";

/** Redactors kept for reuse, so the hot path does not rebuild them per call. */
const cache = new Map<string, Redactor>();
const maxCached = 64;

/**
 * The redactor for `secrets`, reused across calls with the same secrets (a
 * source's credential rarely changes). Bounded: the oldest entry goes first.
 */
export function redactorFor(secrets: readonly string[]): Redactor {
  const key = secrets.join("\u0000");
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const redactor = createRedactor(secrets);
  if (cache.size >= maxCached) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(key, redactor);
  return redactor;
}
