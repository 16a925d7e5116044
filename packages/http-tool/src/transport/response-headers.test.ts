import { describe, expect, it } from "vitest";
import { createResponseHeaders, type ResponseHeaders } from "./response-headers";

const entries = (headers: ResponseHeaders): Array<[string, string]> => {
  const seen: Array<[string, string]> = [];
  headers.forEach((value, name) => seen.push([name, value]));
  return seen;
};

const raw = ["Content-Type", "application/json", "X-B", "1", "Set-Cookie", "x=1", "cookie", "a", "Link", "</a>; rel=first", "Cookie", "b", "set-cookie", "y=2", "link", "</b>; rel=next", "ETag", ""];

describe("createResponseHeaders", () => {
  it("answers get and forEach exactly as undici's Headers does", () => {
    const headers = createResponseHeaders(raw);
    const reference = new Headers();
    for (let index = 0; index < raw.length; index += 2) reference.append(raw[index]!, raw[index + 1]!);
    expect(entries(headers)).toEqual(entries(reference));
    for (const name of ["content-type", "LINK", "cookie", "set-cookie", "etag", "x-b", "location"]) expect(headers.get(name)).toBe(reference.get(name));
  });

  it("trims surrounding whitespace as undici does", () => {
    const headers = createResponseHeaders(["X-Padded", " value\t", "Content-Type", "text/plain"]);
    expect(headers.get("x-padded")).toBe("value");
    expect(entries(headers)).toEqual([
      ["content-type", "text/plain"],
      ["x-padded", "value"],
    ]);
  });

  it("throws as undici does for a name that is not a token or a value with NUL, CR or LF", () => {
    expect(() => createResponseHeaders(["Bad Name", "x"])).toThrow(TypeError);
    expect(() => createResponseHeaders(["X-Nul", "a\0b"])).toThrow(TypeError);
    expect(() => createResponseHeaders(["X-Line", "a\nb"])).toThrow(TypeError);
  });
});
