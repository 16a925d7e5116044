import { LRUCache } from "lru-cache";
import { createRedactor, type Redactor } from "./redact-secrets";

/** Redactors kept for reuse, so the hot path does not rebuild them per call; the key is the secrets joined by NUL. */
const cache = new LRUCache<string, Redactor, readonly string[]>({
  max: 64,
  memoMethod: (_key, _stale, { context }) => createRedactor(context),
});

/**
 * The redactor for `secrets`, reused across calls with the same secrets (a
 * source's credential rarely changes). Bounded: the least recently used of
 * 64 entries goes first.
 */
export function redactorFor(secrets: readonly string[]): Redactor {
  return cache.memo(secrets.join("\u0000"), { context: secrets });
}
