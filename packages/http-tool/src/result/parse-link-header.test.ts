import { describe, expect, it } from "vitest";
import { nextPathFromLink, parseLinkHeader } from "./parse-link-header";

const base = new URL("http://127.0.0.1:8080/api/v1");
const isSecret = (value: string): boolean => value === "s3cret";

describe("parseLinkHeader", () => {
  it("reads several links and their relations", () => {
    expect(parseLinkHeader('<https://x/a?page=2>; rel="next", <https://x/a?page=9>; rel="last prev"')).toEqual([
      { url: "https://x/a?page=2", rel: ["next"] },
      { url: "https://x/a?page=9", rel: ["last", "prev"] },
    ]);
  });

  it("reads a quoted parameter that holds a comma, a semicolon or an escaped quote as text (RFC 8288)", () => {
    expect(
      parseLinkHeader(
        '<https://x/a?page=2>; title="page 2, of 3"; rel="next", <https://x/a?page=1>; title="a \\"b; c\\""; rel=prev',
      ),
    ).toEqual([
      { url: "https://x/a?page=2", rel: ["next"] },
      { url: "https://x/a?page=1", rel: ["prev"] },
    ]);
  });

  it("takes the first rel of a link, and none from a quoted value that only looks like one", () => {
    expect(parseLinkHeader('<https://x/a>; title="x; rel=next"; rel="prev"; rel="next"')).toEqual([
      { url: "https://x/a", rel: ["prev"] },
    ]);
  });
});

describe("nextPathFromLink", () => {
  const responseUrl = "http://127.0.0.1:8080/api/v1/items?page=1";
  it.each([
    ["absolute next under the base path", '<http://127.0.0.1:8080/api/v1/items?page=2>; rel="next"', "/items?page=2"],
    ["relative next", '</api/v1/items?page=3&per_page=50>; rel="next"', "/items?page=3&per_page=50"],
    ["unquoted rel", "<http://127.0.0.1:8080/api/v1/items?page=2>; rel=next", "/items?page=2"],
    [
      "query auth parameter stripped",
      '<http://127.0.0.1:8080/api/v1/items?page=2&api_key=s3cret>; rel="next"',
      "/items?page=2",
    ],
    ["another origin is not offered", '<http://127.0.0.2:8080/api/v1/items?page=2>; rel="next"', undefined],
    ["outside the base path is not offered", '<http://127.0.0.1:8080/api/v2/items?page=2>; rel="next"', undefined],
    ["a sibling prefix is not under the base path", '<http://127.0.0.1:8080/api/v10/items>; rel="next"', undefined],
    ["only prev and last", '<http://127.0.0.1:8080/api/v1/items?page=1>; rel="prev"', undefined],
  ])("%s", (_why, header, expected) => {
    expect(nextPathFromLink(header, responseUrl, base, isSecret)).toBe(expected);
  });

  it("handles a base URL at the root", () => {
    expect(
      nextPathFromLink(
        '</items?cursor=abc>; rel="next"',
        "http://127.0.0.1:8080/items",
        new URL("http://127.0.0.1:8080"),
        isSecret,
      ),
    ).toBe("/items?cursor=abc");
  });
});
