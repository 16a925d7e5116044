import { decodeLeniently } from "./decode-leniently";

/**
 * `path` without the pairs of its query string named `name` (`/items?cursor=c1&limit=2` → `/items?limit=2`): the next
 * page's own value of that parameter takes their place. The other pairs are kept as written.
 */
export function withoutQueryParameter(path: string, name: string): string {
  const at = path.indexOf("?");
  if (at === -1) return path;
  const kept = path
    .slice(at + 1)
    .split("&")
    .filter((pair) => pair !== "" && decodeLeniently(pair.split("=", 1)[0] ?? "") !== name)
    .join("&");
  return kept === "" ? path.slice(0, at) : `${path.slice(0, at)}?${kept}`;
}
