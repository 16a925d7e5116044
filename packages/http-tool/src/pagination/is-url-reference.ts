/**
 * Whether a body's next-page string is a URL: an absolute `http:` or
 * `https:` URL, or a relative reference (RFC 3986, section 4.2) that cannot be
 * a cursor: one that begins with `/` (`/items?page=2`), `?` (`?page=2`), `./`
 * or `../`, or a relative path with a query (`items?page=2`). A bare word
 * (`eyJwYWdlIjoyfQ==`, `c2/x`) may be a cursor, and is not taken for a path.
 */
export function isUrlReference(text: string): boolean {
  return /^https?:\/\//i.test(text) || /^(\/|\?|\.\.?\/)/.test(text) || /^[^\s?#:/][^\s?#:]*\?/.test(text);
}
