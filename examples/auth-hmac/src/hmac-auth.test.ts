import { createHmac } from "node:crypto";
import { createAuthRegistry } from "@src/auth";
import { describeAuthPluginConformance, runAuthorize, useEchoServer } from "@src/auth/testing";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";
import { describe, expect, it } from "vitest";
import { createHmacAuth } from "./hmac-auth";
import { canonicalRequest } from "./sign-request";

const plugin = createHmacAuth();

describeAuthPluginConformance(plugin, {
  config: { keyId: "team-key-1" },
  credential: { secret: "shh-signing-secret" },
  otherCredential: { secret: "другой-секрет" },
});

async function applied(method: string, url: string, body?: string) {
  const request = { method, url: new URL(url), headers: new Headers(), body };
  await runAuthorize(plugin, request, { config: { keyId: "k1" }, credential: { secret: "shh" } });
  return request;
}

describe("hmac signature", () => {
  const base = "https://api.example.test/v1";
  const reference = async () => (await applied("GET", `${base}/items?limit=1`)).headers.get("x-signature");
  const rows: { why: string; method: string; url: string; body?: string }[] = [
    { why: "the method is signed", method: "DELETE", url: `${base}/items?limit=1` },
    { why: "the path is signed", method: "GET", url: `${base}/users?limit=1` },
    { why: "the query is signed", method: "GET", url: `${base}/items?limit=2` },
    { why: "the body is signed", method: "GET", url: `${base}/items?limit=1`, body: "{}" },
  ];
  it.each(rows)("$why: changing it changes the signature", async ({ method, url, body }) => {
    expect((await applied(method, url, body)).headers.get("x-signature")).not.toBe(await reference());
  });

  it("signs method, path, query and body with HMAC-SHA256, hex", async () => {
    const request = await applied("POST", `${base}/items?a=1`, '{"x":1}');
    const expected = createHmac("sha256", "shh").update('POST\n/v1/items\n?a=1\n{"x":1}').digest("hex");
    expect(canonicalRequest(request)).toBe('POST\n/v1/items\n?a=1\n{"x":1}');
    expect(request.headers.get("x-signature")).toBe(expected);
    expect(request.headers.get("x-key-id")).toBe("k1");
  });

  it("reports a missing keyId under api.keyId", () => {
    const issue = plugin.configSchema.safeParse({}).error?.issues[0];
    expect(issue?.path).toEqual(["keyId"]);
    expect(issue?.message).toBe('required when api.authType is "hmac"');
  });
});

describe("registering the custom mode beside the defaults", () => {
  it("is found by its type, and the defaults still work", () => {
    const registry = createAuthRegistry([
      createBearerAuth(),
      createHeaderAuth(),
      createQueryAuth(),
      createBasicAuth(),
      createHmacAuth(),
    ]);
    expect(registry.types).toEqual(["bearer", "header", "query", "basic", "hmac"]);
    expect(registry.get("hmac").describePlacement({ keyId: "k1" })).toContain("X-Signature");
    expect(() => registry.get("hmac-v2")).toThrow(/use one of: "bearer", "header", "query", "basic", "hmac"/);
  });
});

describe("hmac over a real connection", () => {
  const echo = useEchoServer();

  it("the server can verify the signature from what it received", async () => {
    const echoed = await echo().send(await applied("PUT", `${echo().origin}/v1/items/7?dry=1`, '{"name":"x"}'));
    const [path, query = ""] = echoed.target.split("?");
    const text = [echoed.method, path, query === "" ? "" : `?${query}`, echoed.body].join("\n");
    expect(echoed.headers["x-signature"]).toBe(createHmac("sha256", "shh").update(text).digest("hex"));
    expect(echoed.headers["x-key-id"]).toBe("k1");
  });
});
