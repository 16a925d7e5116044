import { describe, expect, it } from "vitest";
import { isUnderBaseUrl, joinUrl } from "./join-url";

describe("isUnderBaseUrl", () => {
  const rows: Array<{ why: string; base: string; url: string; under: boolean }> = [
    { why: "the base itself", base: "http://127.0.0.1/v1", url: "http://127.0.0.1/v1", under: true },
    { why: "a path under the base", base: "http://127.0.0.1/v1/", url: "http://127.0.0.1/v1/a", under: true },
    {
      why: "a sibling that shares the prefix is not under",
      base: "http://127.0.0.1/v1",
      url: "http://127.0.0.1/v10/a",
      under: false,
    },
    { why: "a parent is not under", base: "http://127.0.0.1/v1", url: "http://127.0.0.1/", under: false },
    { why: "another host", base: "http://127.0.0.1/v1", url: "http://127.0.0.2/v1/a", under: false },
    { why: "another port", base: "http://127.0.0.1:80/v1", url: "http://127.0.0.1:81/v1/a", under: false },
    { why: "another scheme", base: "http://127.0.0.1/v1", url: "https://127.0.0.1/v1/a", under: false },
    { why: "any path is under a root base", base: "http://127.0.0.1", url: "http://127.0.0.1/a/b", under: true },
  ];
  it.each(rows)("$why", ({ base, url, under }) => {
    expect(isUnderBaseUrl(new URL(url), new URL(base))).toBe(under);
  });
});

describe("joinUrl", () => {
  it("puts the base query, the path query and the extra query in that order", () => {
    const url = joinUrl(new URL("http://127.0.0.1/v1/?a=1"), { pathname: "/x", search: "b=2" }, "c=3");
    expect(url.href).toBe("http://127.0.0.1/v1/x?a=1&b=2&c=3");
  });
});
