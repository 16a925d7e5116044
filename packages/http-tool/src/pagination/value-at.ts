/** The value at `path` in `body` (`["links", "next"]` is `body.links.next`); `undefined` when an object on the way is missing. */
export function valueAt(body: unknown, path: readonly string[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
