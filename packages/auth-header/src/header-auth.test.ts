import { inspect } from "node:util";
import { createAuthRegistry } from "@src/auth";
import { describeAuthPluginConformance, runAuthorize, useEchoServer } from "@src/auth/testing";
import { describe, expect, it } from "vitest";
import { createHeaderAuth } from "./header-auth";

const plugin = createHeaderAuth();

describeAuthPluginConformance(plugin, {
  config: { headerName: "X-Api-Key" },
  credential: { key: "key_live_1234567890" },
  otherCredential: { key: "key_other_0987" },
});

async function applied(
  headerName: string,
  key: string,
  url = "https://api.example.test/v1/me",
  headers: Record<string, string> = {},
) {
  const request = { method: "GET", url: new URL(url), headers: new Headers(headers) };
  await runAuthorize(plugin, request, {
    config: plugin.configSchema.parse({ headerName }),
    credential: plugin.credentialSchema.parse({ key }),
  });
  return request;
}

describe("header placement", () => {
  const rows: {
    why: string;
    headerName: string;
    key: string;
    headers?: Record<string, string>;
    expected: [string, string][];
  }[] = [
    {
      why: "the spec's shape: <headerName>: <API_KEY>",
      headerName: "X-Api-Key",
      key: "abc",
      expected: [["x-api-key", "abc"]],
    },
    {
      why: "the name is case-insensitive on the wire",
      headerName: "x-API-key",
      key: "abc",
      expected: [["x-api-key", "abc"]],
    },
    {
      why: "an existing value of that header is replaced, not doubled",
      headerName: "X-Api-Key",
      key: "new",
      headers: { "X-API-KEY": "old", accept: "*/*" },
      expected: [
        ["accept", "*/*"],
        ["x-api-key", "new"],
      ],
    },
    {
      why: "a raw key in Authorization, when an API asks for it",
      headerName: "Authorization",
      key: "k-1",
      expected: [["authorization", "k-1"]],
    },
    { why: "inner spaces and symbols are kept", headerName: "X-Key", key: "a b=c;d", expected: [["x-key", "a b=c;d"]] },
  ];
  it.each(rows)("$why", async ({ headerName, key, headers, expected }) => {
    const request = await applied(headerName, key, undefined, headers);
    expect([...request.headers.entries()]).toEqual(expected);
    expect(request.url.href).toBe("https://api.example.test/v1/me");
  });

  it("describes the placement with the configured name", () => {
    expect(plugin.describePlacement({ headerName: "X-Api-Key" })).toBe('header "X-Api-Key"');
  });
});

describe("header credential", () => {
  const rejected: { why: string; key: string; message: RegExp }[] = [
    { why: "LF would inject a header", key: "abc\nX-Admin: 1", message: /line breaks/ },
    { why: "CR alone also splits headers in lax servers", key: "abc\rdef", message: /line breaks/ },
    { why: "NUL", key: "abc\0", message: /NUL/ },
    { why: "unicode cannot travel in a header", key: "clé-秘密", message: /printable ASCII/ },
    { why: "a pasted trailing space would be trimmed", key: "abc ", message: /end with a space/ },
  ];
  it.each(rejected)("rejects: $why", ({ key, message }) => {
    expect(plugin.credentialSchema.safeParse({ key }).error?.issues[0]?.message).toMatch(message);
  });

  it("never puts the key in the error a registry raises", () => {
    try {
      createAuthRegistry([plugin]).parseCredential("header", { key: "s3cret\r\n" });
      expect.unreachable();
    } catch (error) {
      for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 5 })])
        expect(text).not.toContain("s3cret");
    }
  });
});

describe("header over a real connection", () => {
  const echo = useEchoServer();

  it("the server receives the key in the configured header", async () => {
    const echoed = await echo().send(await applied("X-Api-Key", "key_live_1234567890", `${echo().origin}/v1/me`));
    expect(echoed.headers["x-api-key"]).toBe("key_live_1234567890");
  });
});
