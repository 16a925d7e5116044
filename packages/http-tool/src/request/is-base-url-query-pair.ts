/**
 * Whether `name=value` (decoded) is a pair of the base URL's own query string (`?api-version=2024-01-01`), which
 * `joinUrl` adds to every request: a next link that repeats it leaves it out of the next page's path, or it is sent twice.
 */
export function isBaseUrlQueryPair(baseUrl: URL, name: string, value: string): boolean {
  for (const [baseName, baseValue] of baseUrl.searchParams) if (baseName === name && baseValue === value) return true;
  return false;
}
