import { LRUCache } from "lru-cache";

/** Parsed base URLs kept for reuse, so the hot path does not parse a source's `api.baseUrl` on every call. */
const cache = new LRUCache<string, URL>({ max: 64, memoMethod: (baseUrl) => new URL(baseUrl) });

/**
 * `new URL(baseUrl)`, parsed once per distinct text and shared: callers only
 * read it (origin, path, search, href), never change it. Throws as `new URL`
 * does for a text that is not a URL (nothing is cached then). Bounded: the
 * least recently used of 64 entries goes first.
 */
export function baseUrlFor(baseUrl: string): URL {
  return cache.memo(baseUrl);
}
