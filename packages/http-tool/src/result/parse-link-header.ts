/** Splits a Link header into its links: `<url>; rel="next", <url>; rel="last"`. */
export function parseLinkHeader(value: string): { url: string; rel: string[] }[] {
  const links: { url: string; rel: string[] }[] = [];
  for (const match of value.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const parameters = match[2] ?? "";
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(parameters);
    const relations = (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    links.push({ url: match[1] ?? "", rel: relations });
  }
  return links;
}

/**
 * The `rel="next"` link as a path relative to the source's base path, ready to
 * pass back as `path`; `undefined` when there is none or it leaves the
 * source's origin or base path. Query parameters whose value is a secret (the
 * query auth parameter) are removed; the service adds the credential itself.
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
    if (!isSecret(value)) kept.append(name, value);
  }
  const query = kept.toString();
  const path = target.pathname.slice(basePath.length) || "/";
  return query === "" ? path : `${path}?${query}`;
}
