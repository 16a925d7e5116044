const knownMethods: ReadonlySet<string> = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "TRACE",
  "CONNECT",
  "QUERY",
]);

/** `http.request.method` as the HTTP semantic conventions want it: a known method, else `_OTHER` (a bounded value). */
export function methodAttributeOf(method: string): string {
  const upper = method.toUpperCase();
  return knownMethods.has(upper) ? upper : "_OTHER";
}
