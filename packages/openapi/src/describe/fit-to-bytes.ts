/**
 * `value`, made smaller by `shrink` until its JSON is at most `maxBytes` UTF-8
 * bytes (or `shrink` gives up with `undefined`, keeping the last value).
 */
export function fitToBytes<T>(value: T, maxBytes: number, shrink: (current: T) => T | undefined): T {
  let current = value;
  while (Buffer.byteLength(JSON.stringify(current), "utf8") > maxBytes) {
    const smaller = shrink(current);
    if (smaller === undefined) return current;
    current = smaller;
  }
  return current;
}
