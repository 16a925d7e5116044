import { inspect } from "node:util";
import { createAuthRegistry } from "@src/auth";
import { describeAuthPluginConformance, runAuthorize, useEchoServer } from "@src/auth/testing";
import { describe, expect, it } from "vitest";
import { createQueryAuth } from "./query-auth";

const plugin = createQueryAuth();

describeAuthPluginConformance(plugin, {
  config: { queryParam: "api_key" },
  credential: { key: "key live/1234+5678=" },
  otherCredential: { key: "ключ-2" },
});

async function applied(url: string, queryParam: string, key: string, times = 1) {
  const request = { method: "GET", url: new URL(url), headers: new Headers() };
  const context = {
    config: plugin.configSchema.parse({ queryParam }),
    credential: plugin.credentialSchema.parse({ key }),
  };
  for (let count = 0; count < times; count += 1) await runAuthorize(plugin, request, context);
  return request;
}

describe("query placement", () => {
  const base = "https://api.example.test/v1/items";
  const rows: { why: string; url: string; queryParam?: string; key: string; times?: number; expected: string }[] = [
    { why: "no query yet: joined with ?", url: base, key: "abc", expected: `${base}?api_key=abc` },
    {
      why: "an existing query: joined with &",
      url: `${base}?limit=1`,
      key: "abc",
      expected: `${base}?limit=1&api_key=abc`,
    },
    { why: "a bare ? counts as no query", url: `${base}?`, key: "abc", expected: `${base}?api_key=abc` },
    { why: "a space is %20, never +", url: base, key: "a b", expected: `${base}?api_key=a%20b` },
    {
      why: "& = + / # in the key cannot break the query",
      url: base,
      key: "a&b=c+d/e#f",
      expected: `${base}?api_key=a%26b%3Dc%2Bd%2Fe%23f`,
    },
    {
      why: "!'()* are encoded too, so the URL never re-encodes the key",
      url: base,
      key: "a'b!(c)*",
      expected: `${base}?api_key=a%27b%21%28c%29%2A`,
    },
    {
      why: "unicode keys are UTF-8 percent-encoded",
      url: base,
      key: "ключ-é",
      expected: `${base}?api_key=%D0%BA%D0%BB%D1%8E%D1%87-%C3%A9`,
    },
    {
      why: "the parameter name is encoded too",
      url: base,
      queryParam: "api key",
      key: "k",
      expected: `${base}?api%20key=k`,
    },
    {
      why: "applied twice (a redirect) gives one parameter",
      url: `${base}?a=1`,
      key: "k",
      times: 2,
      expected: `${base}?a=1&api_key=k`,
    },
    {
      why: "an existing occurrence is replaced and moved last",
      url: `${base}?api_key=old&a=1`,
      key: "k",
      expected: `${base}?a=1&api_key=k`,
    },
    {
      why: "an encoded existing occurrence is also replaced",
      url: `${base}?api%5Fkey=old`,
      key: "k",
      expected: `${base}?api_key=k`,
    },
    {
      why: "other parameters keep their order and encoding",
      url: `${base}?b=2&a=%20x&c`,
      key: "k",
      expected: `${base}?b=2&a=%20x&c&api_key=k`,
    },
    {
      why: "a similar name is not touched",
      url: `${base}?api_key2=x`,
      key: "k",
      expected: `${base}?api_key2=x&api_key=k`,
    },
    { why: "empty parts are dropped", url: `${base}?a=1&&b=2&`, key: "k", expected: `${base}?a=1&b=2&api_key=k` },
  ];
  it.each(rows)("$why", async ({ url, queryParam, key, times, expected }) => {
    const request = await applied(url, queryParam ?? "api_key", key, times);
    expect(request.url.href).toBe(expected);
    expect([...request.headers.keys()]).toEqual([]);
  });

  it("describes the placement with the configured name", () => {
    expect(plugin.describePlacement({ queryParam: "api_key" })).toBe('query parameter "api_key"');
  });
});

describe("query config and credential", () => {
  const configRows: { why: string; config: Record<string, unknown>; message: RegExp }[] = [
    { why: "missing: reads well under api.queryParam", config: {}, message: /^required when api.authType is "query"$/ },
    { why: "empty names nothing", config: { queryParam: "" }, message: /must not be empty/ },
    { why: "control characters", config: { queryParam: "api\nkey" }, message: /control characters/ },
    { why: "a lone surrogate cannot be encoded", config: { queryParam: "a\ud800" }, message: /valid Unicode/ },
  ];
  it.each(configRows)("rejects config: $why", ({ config, message }) => {
    const issue = plugin.configSchema.safeParse(config).error?.issues[0];
    expect(issue?.path).toEqual(["queryParam"]);
    expect(issue?.message).toMatch(message);
  });

  const keyRows: { why: string; key: string; message: RegExp }[] = [
    { why: "LF", key: "abc\ndef", message: /line breaks/ },
    { why: "NUL", key: "\0", message: /NUL/ },
    { why: "empty", key: "", message: /must not be empty/ },
    { why: "a lone surrogate", key: "k\udfff", message: /valid Unicode/ },
  ];
  it.each(keyRows)("rejects key: $why", ({ key, message }) => {
    expect(plugin.credentialSchema.safeParse({ key }).error?.issues[0]?.message).toMatch(message);
  });

  it("never puts the key in the error a registry raises", () => {
    try {
      createAuthRegistry([plugin]).parseCredential("query", { key: "s3cret\n" });
      expect.unreachable();
    } catch (error) {
      for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 5 })])
        expect(text).not.toContain("s3cret");
    }
  });
});

describe("query over a real connection", () => {
  const echo = useEchoServer();

  it("the server reads back the exact unicode key from the query", async () => {
    const echoed = await echo().send(await applied(`${echo().origin}/v1/items?limit=1`, "api_key", "ключ & co"));
    const received = new URL(echoed.target, echo().origin).searchParams;
    expect(received.getAll("api_key")).toEqual(["ключ & co"]);
    expect(received.get("limit")).toBe("1");
  });
});
