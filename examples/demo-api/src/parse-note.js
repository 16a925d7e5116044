/** Reads the fields of a flat XML element such as `<note><title>x</title><text>y</text></note>`. */
function parseXml(text) {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<([A-Za-z][\w.-]*)[^>]*>([\s\S]*)<\/\1>\s*$/.exec(text);
  if (root === null) return undefined;
  const fields = {};
  for (const match of root[2].matchAll(/<([A-Za-z][\w.-]*)[^>]*>([^<]*)<\/\1>/g))
    fields[match[1]] = decodeEntities(match[2]);
  return { root: root[1], fields };
}

function decodeEntities(text) {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");
}

/**
 * Parses a `POST /notes` body by its content type: `application/xml` (or
 * `text/xml`) or `application/x-www-form-urlencoded`. Returns `{ format, ... }`,
 * or `undefined` for other types, or `{ error }` when the body does not parse.
 */
export function parseNote(contentType, text) {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/xml" || type === "text/xml") {
    const parsed = parseXml(text);
    return parsed === undefined
      ? { error: "the body is not a flat XML element such as <note><title>…</title></note>" }
      : { format: "xml", ...parsed };
  }
  if (type === "application/x-www-form-urlencoded") {
    return { format: "form", fields: Object.fromEntries(new URLSearchParams(text)) };
  }
  return undefined;
}
