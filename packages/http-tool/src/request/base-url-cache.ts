/** Parsed base URLs kept for reuse, so the hot path does not parse a source's `api.baseUrl` on every call. */
const cache = new Map<string, URL>();
const maxCached = 64;

/**
 * `new URL(baseUrl)`, parsed once per distinct text and shared: callers only
 * read it (origin, path, search, href), never change it. Throws as `new URL`
 * does for a text that is not a URL (nothing is cached then). Bounded: the
 * oldest entry goes first.
 */
export function baseUrlFor(baseUrl: string): URL {
  const cached = cache.get(baseUrl);
  if (cached !== undefined) return cached;
  const parsed = new URL(baseUrl);
  if (cache.size >= maxCached) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(baseUrl, parsed);
  return parsed;
}
