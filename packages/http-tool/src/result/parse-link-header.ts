import { isBaseUrlQueryPair } from "../request/is-base-url-query-pair";

/** A parameter's value: a quoted string (RFC 9110, where `\\` escapes a character and `,` `;` are text) or a token. */
const parameterValue = String.raw`"(?:[^"\\]|\\.)*"|[^;,\s"]*`;
/** One link: `<url>` and its parameters, `; name` or `; name=value`. */
const linkPattern = new RegExp(String.raw`<([^>]*)>((?:\s*;\s*[^;,=\s]+(?:\s*=\s*(?:${parameterValue}))?)*)`, "g");
const parameterPattern = new RegExp(String.raw`;\s*([^;,=\s]+)(?:\s*=\s*(${parameterValue}))?`, "g");

/**
 * Splits a Link header into its links (RFC 8288): `<url>; rel="next", <url>; title="page 2, of 3"; rel="last"`. A
 * quoted parameter may hold `,` and `;`; the first `rel` of a link counts.
 */
export function parseLinkHeader(value: string): { url: string; rel: string[] }[] {
  const links: { url: string; rel: string[] }[] = [];
  for (const match of value.matchAll(linkPattern)) {
    const rel = [...(match[2] ?? "").matchAll(parameterPattern)].find(
      (parameter) => parameter[1]?.toLowerCase() === "rel",
    );
    const relations = unquote(rel?.[2] ?? "")
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean);
    links.push({ url: match[1] ?? "", rel: relations });
  }
  return links;
}

const unquote = (text: string): string => (text.startsWith('"') ? text.slice(1, -1).replace(/\\(.)/g, "$1") : text);

/**
 * The `rel="next"` link as a path relative to the source's base path, ready to
 * pass back as `path`; `undefined` when there is none or it leaves the
 * source's origin or base path. Query parameters whose value is a secret (the
 * query auth parameter) are removed; the service adds the credential itself.
 * So are the pairs of the base URL's own query string, which every request gets.
 */
export function nextPathFromLink(
  linkHeader: string | null,
  responseUrl: string,
  baseUrl: URL,
  isSecret: (value: string) => boolean,
): string | undefined {
  if (linkHeader === null) return undefined;
  const next = parseLinkHeader(linkHeader).find((link) => link.rel.includes("next"));
  if (next === undefined) return undefined;
  let target: URL;
  try {
    target = new URL(next.url, responseUrl);
  } catch {
    return undefined;
  }
  if (target.origin !== baseUrl.origin) return undefined;
  const basePath = baseUrl.pathname.replace(/\/+$/, "");
  if (target.pathname !== basePath && !target.pathname.startsWith(`${basePath}/`)) return undefined;
  const kept = new URLSearchParams();
  for (const [name, value] of target.searchParams) {
    if (!isSecret(value) && !isBaseUrlQueryPair(baseUrl, name, value)) kept.append(name, value);
  }
  const query = kept.toString();
  const path = target.pathname.slice(basePath.length) || "/";
  return query === "" ? path : `${path}?${query}`;
}
