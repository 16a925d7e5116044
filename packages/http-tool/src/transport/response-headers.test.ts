import { describe, expect, it } from "vitest";
import { createResponseHeaders, type ResponseHeaders } from "./response-headers";
import { seededRandom } from "../../test/seeded-random";

const entries = (headers: ResponseHeaders): Array<[string, string]> => {
  const seen: Array<[string, string]> = [];
  headers.forEach((value, name) => seen.push([name, value]));
  return seen;
};

const raw = [
  "Content-Type",
  "application/json",
  "X-B",
  "1",
  "Set-Cookie",
  "x=1",
  "cookie",
  "a",
  "Link",
  "</a>; rel=first",
  "Cookie",
  "b",
  "set-cookie",
  "y=2",
  "link",
  "</b>; rel=next",
  "ETag",
  "",
];

describe("createResponseHeaders", () => {
  it("answers get and forEach exactly as undici's Headers does", () => {
    const headers = createResponseHeaders(raw);
    const reference = new Headers();
    for (let index = 0; index < raw.length; index += 2) reference.append(raw[index]!, raw[index + 1]!);
    expect(entries(headers)).toEqual(entries(reference));
    for (const name of ["content-type", "LINK", "cookie", "set-cookie", "etag", "x-b", "location"])
      expect(headers.get(name)).toBe(reference.get(name));
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

describe("createResponseHeaders against undici's Headers", () => {
  const collect = (headers: ResponseHeaders): Array<[string, string]> => {
    const seen: Array<[string, string]> = [];
    headers.forEach((value, name) => seen.push([name, value]));
    return seen;
  };
  const answers = (make: () => ResponseHeaders, names: readonly string[]): string => {
    try {
      const headers = make();
      return JSON.stringify([collect(headers), names.map((name) => headers.get(name))]);
    } catch (error) {
      return `throws ${(error as Error).name}`;
    }
  };

  it("createResponseHeaders equals undici's Headers on random latin1 raw headers (get, forEach, throws)", () => {
    // Latin1 only: node:http hands header text over as latin1, never a character above U+00FF.
    const characters = [
      "a",
      "B",
      "0",
      "-",
      " ",
      "\t",
      "\r",
      "\n",
      "\0",
      "\v",
      "\f",
      "\x01",
      "\x7f",
      "\xa0",
      "\x85",
      "\xe9",
      "\xff",
      ",",
      ";",
      "=",
      '"',
      ":",
      "(",
    ];
    const names = [
      "set-cookie",
      "Set-Cookie",
      "cookie",
      "COOKIE",
      "x-a",
      "X-A",
      "link",
      "Location",
      "content-encoding",
      "retry-after",
      "K",
    ];
    const oddNames = [" x", "x y", "x\xe9", "", "x:"];
    const getNames = [
      "set-cookie",
      "cookie",
      "x-a",
      "X-A",
      "link",
      "location",
      "content-encoding",
      "retry-after",
      "content-length",
      "k",
    ];
    const random = seededRandom(42);
    const text = (maxLength: number): string =>
      Array.from({ length: random(maxLength) }, () => characters[random(characters.length)]).join("");
    for (let round = 0; round < 20_000; round += 1) {
      const raw: string[] = [];
      for (let pair = random(6); pair > 0; pair -= 1) {
        const pick = random(10);
        raw.push(pick < 7 ? names[random(names.length)]! : pick < 9 ? oddNames[random(oddNames.length)]! : text(4));
        raw.push(text(7));
      }
      const reference = (): ResponseHeaders => {
        const headers = new Headers();
        for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
        return headers;
      };
      expect(
        answers(() => createResponseHeaders(raw), getNames),
        JSON.stringify(raw),
      ).toBe(answers(reference, getNames));
    }
  });
});
