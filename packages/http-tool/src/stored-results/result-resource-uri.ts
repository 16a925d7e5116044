/** The scheme and prefix of a stored result's MCP resource: `src://results/<resultRef>`. */
const prefix = "src://results/";

/** The MCP resource URI of a stored result, optionally from a character offset (`?offset=N`). */
export function resultResourceUri(ref: string, offset?: number): string {
  return `${prefix}${encodeURIComponent(ref)}${offset === undefined || offset === 0 ? "" : `?offset=${offset}`}`;
}

/** The reference and offset a stored result's resource URI names, or `undefined` for any other URI. */
export function parseResultResourceUri(uri: string): { ref: string; offset: number } | undefined {
  if (!uri.startsWith(prefix)) return undefined;
  const [encoded = "", query = ""] = uri.slice(prefix.length).split("?", 2);
  let ref: string;
  try {
    ref = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  const offsetText = new URLSearchParams(query).get("offset");
  const offset = offsetText === null ? 0 : Number(offsetText);
  if (ref === "" || !Number.isSafeInteger(offset) || offset < 0) return undefined;
  return { ref, offset };
}
