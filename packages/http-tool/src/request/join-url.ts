import type { CheckedPath } from "./check-path";

/**
 * `baseUrl` + path with exactly one `/` between them, the base path kept
 * (`https://h/v1` + `/users` gives `https://h/v1/users`). The query is the
 * base URL's own query, then the path's, then `extraSearch` (each without `?`).
 */
export function joinUrl(baseUrl: URL, path: CheckedPath, extraSearch: string): URL {
  const basePath = baseUrl.pathname.replace(/\/$/, "");
  const search = [baseUrl.search.slice(1), path.search, extraSearch].filter((part) => part !== "").join("&");
  return new URL(`${baseUrl.origin}${basePath}${path.pathname}${search === "" ? "" : `?${search}`}`);
}

/** Whether `url` has the base's origin and a pathname at or under the base's path. */
export function isUnderBaseUrl(url: URL, baseUrl: URL): boolean {
  if (url.origin !== baseUrl.origin) return false;
  const basePath = baseUrl.pathname.replace(/\/$/, "");
  return url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
}
