import { createBearerAuth } from "@src/auth-bearer";
import { describe, expect, it } from "vitest";
import { callSource, type CallSourceOptions } from "./call-source";
import { formatToolResult } from "../result/format-tool-result";
import { useUpstream } from "../testing/use-upstream";
import { findLeaks } from "../testing/secret-forms";
import { createSourceRecordFixture } from "../testing/source-record-fixture";

const secret = "tok_9f8e7d6c5b4a";
const plugin = createBearerAuth();

const upstream = useUpstream();

const source = () => createSourceRecordFixture({ slug: "crm", api: { baseUrl: `${upstream().origin}/api` } });
/** Calls the crm source with the bearer plugin and its stored token, but for what `options` changes. */
const callCrm = (input: unknown, options: Partial<CallSourceOptions> = {}) =>
  callSource({ source: source(), call: input, plugin, credential: { token: secret }, ...options });

describe("callSource", () => {
  it("checks the credential with the plugin's schema once: a transforming schema is applied once, not twice", async () => {
    const bearer = createBearerAuth();
    // A plugin whose schema derives the value it sends (here: base64 of the stored token), as a signing or
    // encoding plugin might; parsing its output again would encode it twice.
    const encoding = {
      ...bearer,
      credentialSchema: bearer.credentialSchema.transform(({ token }) => ({
        token: Buffer.from(token).toString("base64"),
      })),
    };
    const result = await callCrm({ method: "GET", path: "/once" }, { plugin: encoding });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(upstream().requests.at(-1)?.headers.authorization).toBe(`Bearer ${Buffer.from(secret).toString("base64")}`);
  });

  it("builds and executes a valid call", async () => {
    const result = await callCrm({ method: "DELETE", path: "/contacts/7" });
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      request: { method: "DELETE", url: `${upstream().origin}/api/contacts/7` },
    });
    expect(upstream().requests.at(-1)).toMatchObject({ method: "DELETE", url: "/api/contacts/7" });
  });

  it("answers SOURCE_DISABLED for a disabled source, saying how to enable it; nothing is sent", async () => {
    const before = upstream().requests.length;
    const result = await callCrm({ method: "GET", path: "/x" }, { source: { ...source(), enabled: false } });
    expect(result).toMatchObject({ ok: false, status: 0, error: { code: "SOURCE_DISABLED", retryable: false } });
    expect(result.error?.message).toBe('source "crm" is disabled; an operator must enable it before it can be called');
    expect(upstream().requests.length).toBe(before);
  });

  it("answers NO_CREDENTIAL when the stored credential does not fit the plugin, naming the field but not the value", async () => {
    const result = await callCrm({ method: "GET", path: "/x" }, { credential: { apiKey: secret } });
    expect(result.error).toMatchObject({ code: "NO_CREDENTIAL" });
    expect(result.error?.message).toContain("token");
    expect(result.error?.message).toBe(
      'the credential stored for source "crm" does not fit auth type "bearer" (fields: token); an operator must store it again',
    );
    expect(findLeaks(JSON.stringify(result), secret)).toEqual([]);
  });

  const invalidCalls: { why: string; call: unknown; field: string }[] = [
    { why: "not an object", call: "GET /users", field: "input" },
    { why: "path missing", call: { method: "GET" }, field: "path" },
    { why: "unknown method", call: { method: "FETCH", path: "/x" }, field: "method" },
    {
      why: "query value of the wrong type",
      call: { method: "GET", path: "/x", query: { tags: { nested: true } } },
      field: "query.tags",
    },
    { why: "absolute URL instead of a path", call: { method: "GET", path: "https://127.0.0.2/steal" }, field: "path" },
    { why: "body with GET", call: { method: "GET", path: "/x", body: { a: 1 } }, field: "body" },
    { why: "dot segments escaping the base path", call: { method: "GET", path: "/../admin" }, field: "path" },
  ];

  it.each(invalidCalls)("answers INVALID_CALL naming the field for $why; nothing is sent", async ({ call, field }) => {
    const before = upstream().requests.length;
    const result = await callCrm(call);
    expect(result).toMatchObject({
      ok: false,
      status: 0,
      attempts: 0,
      body: { kind: "empty" },
      error: { code: "INVALID_CALL", retryable: false },
    });
    expect(result.error?.message).toContain(field);
    expect(upstream().requests.length).toBe(before);
  });

  it("echoes the method and path as given in an INVALID_CALL result", async () => {
    const result = await callCrm({ method: "get", path: "/a/../b" });
    expect(result.request).toEqual({ method: "GET", url: "/a/../b" });
  });

  it("never shows the secret in an INVALID_CALL result, even when the agent put it in the call", async () => {
    const call = { method: "GET", path: `https://127.0.0.2/${secret}`, query: { key: secret } };
    const result = await callCrm(call);
    expect(result.error?.code).toBe("INVALID_CALL");
    expect(findLeaks(JSON.stringify(result), secret)).toEqual([]);
    expect(findLeaks(formatToolResult(result), secret)).toEqual([]);
  });

  it("never throws, even for a call that is not JSON-like at all", async () => {
    const cyclic: Record<string, unknown> = { method: "POST", path: "/x" };
    cyclic.body = cyclic;
    const result = await callCrm(cyclic);
    expect(result.ok).toBe(false);
    expect(result.error?.code).toBe("INVALID_CALL");
  });
});

describe("callSource with a broken plugin", () => {
  it("answers an ok:false result naming the plugin and its hook when the plugin throws, its message redacted", async () => {
    const broken = {
      ...plugin,
      secretValues: (): string[] => {
        throw new Error(`boom ${secret}`);
      },
    };
    const result = await callCrm({ method: "GET", path: "/x" }, { plugin: broken });
    expect(result).toMatchObject({ ok: false, status: 0, error: { code: "NETWORK", retryable: false } });
    expect(result.error?.message).toContain(
      `auth plugin "${plugin.type}" failed in secretValues for source "crm": boom [REDACTED]`,
    );
    expect(result.error?.message).toContain("src source test crm");
    expect(findLeaks(JSON.stringify(result), secret)).toEqual([]);
  });
});
