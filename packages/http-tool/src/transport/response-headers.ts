/**
 * What the executor reads of a response's headers. The fetch transport hands
 * over undici's `Headers`; the node:http transport builds the lighter
 * `createResponseHeaders`, which answers the same.
 */
export interface ResponseHeaders {
  /** The value of `name` (a header name, any case), repeated ones joined with ", ", or null. */
  get(name: string): string | null;
  /** Every header, names lower case and sorted, `set-cookie` once per value, as `Headers.forEach` does. */
  forEach(callback: (value: string, name: string) => void): void;
}

/** A header name as RFC 9110 allows it (a token); undici rejects any other. */
const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A value undici would change (leading or trailing whitespace, trimmed) or reject (NUL, CR, LF). */
const unusualValuePattern = /[\0\r\n]|^[\t ]|[\t ]$/;

/** Headers kept in a plain map: names lower case, repeated values joined with ", " (`cookie` with "; ", as undici does), `set-cookie` values also kept one by one. */
class PlainResponseHeaders implements ResponseHeaders {
  private readonly values = new Map<string, string>();
  private readonly cookies: string[] = [];

  append(name: string, value: string): void {
    const lower = name.toLowerCase();
    const existing = this.values.get(lower);
    this.values.set(lower, existing === undefined ? value : `${existing}${lower === "cookie" ? "; " : ", "}${value}`);
    if (lower === "set-cookie") this.cookies.push(value);
  }

  get(name: string): string | null {
    return this.values.get(name.toLowerCase()) ?? null;
  }

  forEach(callback: (value: string, name: string) => void): void {
    const names = [...this.values.keys()].sort((left, right) => (left < right ? -1 : 1));
    for (const name of names) {
      if (name === "set-cookie") for (const cookie of this.cookies) callback(cookie, name);
      else callback(this.values.get(name) as string, name);
    }
  }
}

/**
 * The headers of a node:http response (`rawHeaders`, name and value in turn)
 * as fetch would hand them over. When every name is a token and no value has
 * surrounding whitespace or a NUL, CR or LF (what node:http's parser passes
 * on), a plain map gives exactly what undici's `Headers` gives, for less
 * work on every response; otherwise undici's `Headers` is built, so that it
 * trims or throws exactly as fetch does.
 */
export function createResponseHeaders(rawHeaders: readonly string[]): ResponseHeaders {
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    if (!tokenPattern.test(rawHeaders[index] as string) || unusualValuePattern.test(rawHeaders[index + 1] as string))
      return undiciHeaders(rawHeaders);
  }
  const headers = new PlainResponseHeaders();
  for (let index = 0; index + 1 < rawHeaders.length; index += 2)
    headers.append(rawHeaders[index] as string, rawHeaders[index + 1] as string);
  return headers;
}

function undiciHeaders(rawHeaders: readonly string[]): Headers {
  const headers = new Headers();
  for (let index = 0; index + 1 < rawHeaders.length; index += 2)
    headers.append(rawHeaders[index] as string, rawHeaders[index + 1] as string);
  return headers;
}
