import { inspect } from "node:util";
import { createAuthRegistry } from "@src/auth";
import { describeAuthPluginConformance, runAuthorize, useEchoServer } from "@src/auth/testing";
import { describe, expect, it } from "vitest";
import { createBearerAuth } from "./bearer-auth";

const plugin = createBearerAuth();

describeAuthPluginConformance(plugin, {
  config: {},
  credential: { token: "tok_live_1234567890" },
  otherCredential: { token: "tok_other_0987" },
});

async function applied(token: string, url = "https://api.example.test/v1/me", headers: Record<string, string> = {}) {
  const request = { method: "GET", url: new URL(url), headers: new Headers(headers) };
  await runAuthorize(plugin, request, { config: {}, credential: plugin.credentialSchema.parse({ token }) });
  return request;
}

describe("bearer placement", () => {
  const rows: { why: string; token: string; headers?: Record<string, string>; authorization: string }[] = [
    { why: "the spec's shape: Authorization: Bearer <TOKEN>", token: "abc123", authorization: "Bearer abc123" },
    { why: "base64-like tokens keep + / and =", token: "a+b/c==", authorization: "Bearer a+b/c==" },
    { why: "JWTs keep their dots", token: "eyJ.eyJ.sig", authorization: "Bearer eyJ.eyJ.sig" },
    {
      why: "an Authorization header already set is replaced, not doubled",
      token: "new",
      headers: { authorization: "Bearer old" },
      authorization: "Bearer new",
    },
  ];
  it.each(rows)("$why", async ({ token, headers, authorization }) => {
    const request = await applied(token, undefined, headers);
    expect(request.headers.get("authorization")).toBe(authorization);
    expect(request.url.href).toBe("https://api.example.test/v1/me");
  });

  it("describes the placement", () => {
    expect(plugin.describePlacement({})).toBe("Authorization header (Bearer scheme)");
  });
});

describe("bearer credential", () => {
  const rejected: { why: string; token: unknown; message: RegExp }[] = [
    { why: "CR LF would inject a header", token: "abc\r\nX-Admin: 1", message: /line breaks/ },
    { why: "NUL truncates in some servers", token: "abc\0", message: /NUL/ },
    { why: "an empty token is no token", token: "", message: /must not be empty/ },
    { why: "unicode cannot travel in a header", token: "токен-ключ", message: /printable ASCII/ },
    { why: "a number is not a token", token: 42, message: /must be a string/ },
  ];
  it.each(rejected)("rejects: $why", ({ token, message }) => {
    const result = plugin.credentialSchema.safeParse({ token });
    expect(result.error?.issues[0]?.message).toMatch(message);
  });

  it("never puts the token in the error a registry raises", () => {
    const registry = createAuthRegistry([plugin]);
    const secret = "s3cret\nInjected: yes";
    try {
      registry.parseCredential("bearer", { token: secret });
      expect.unreachable();
    } catch (error) {
      for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 5 })])
        expect(text).not.toContain("s3cret");
    }
  });
});

describe("bearer over a real connection", () => {
  const echo = useEchoServer();

  it("the server receives Authorization: Bearer <token>", async () => {
    const echoed = await echo().send(await applied("tok_live_1234567890", `${echo().origin}/v1/me?x=1`));
    expect(echoed.headers.authorization).toBe("Bearer tok_live_1234567890");
    expect(echoed.target).toBe("/v1/me?x=1");
  });
});
