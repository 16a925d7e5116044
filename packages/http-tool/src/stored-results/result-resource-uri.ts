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

/**
 * Why `uri`, a stored result's link by its prefix, names no part to read: its `offset` is not a whole number of
 * characters from 0 (`?offset=-5`, `?offset=abc`), or it names no reference. `undefined` for a URI that is fine or is
 * not a stored result's.
 */
export function resultResourceUriProblem(uri: string): string | undefined {
  if (!uri.startsWith(prefix) || parseResultResourceUri(uri) !== undefined) return undefined;
  const [encoded = "", query = ""] = uri.slice(prefix.length).split("?", 2);
  const offsetText = new URLSearchParams(query).get("offset");
  if (encoded !== "" && offsetText !== null)
    return `offset: must be a whole number of characters, 0 or more (it is ${JSON.stringify(offsetText.slice(0, 20))}); read from the start with ${prefix}${encoded}, then follow each part's _meta.next`;
  return `${JSON.stringify(uri.slice(0, 200))} names no stored result: use the src://results/<resultRef> link of a cut result as it came`;
}
