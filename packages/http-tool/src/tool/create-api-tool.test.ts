import { inspect } from "node:util";
import { createAuthRegistry, describeAuthFields, UnknownAuthTypeError } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";
import { jsonSchema } from "ai";
import { describe, expect, it } from "vitest";
import { toAnthropicTool } from "../adapters/anthropic";
import { toMcpCallToolResult, toMcpToolDefinition } from "../adapters/mcp";
import { toOpenAiFunctionTool } from "../adapters/openai";
import { toVercelAiTool } from "../adapters/vercel-ai";
import { createApiTool } from "./create-api-tool";
import type { CredentialReader } from "./create-api-tool";
import { formatToolResult } from "../result/format-tool-result";
import { useUpstream } from "../testing/use-upstream";
import type { RecordedRequest } from "@src/http-tool/testing";
import { findLeaks } from "../testing/secret-forms";
import { createSourceRecordFixture } from "../testing/source-record-fixture";
import type { AnyAuthPluginV2 as AnyAuthPlugin } from "@src/auth";

const secret = "S3cret+Key/=42";
const username = "agent-user";
const registry = createAuthRegistry([createBearerAuth(), createHeaderAuth(), createQueryAuth(), createBasicAuth()]);

/** A credential for `plugin`: secret fields get `secret`, the others `username`. */
function credentialFor(plugin: AnyAuthPlugin): Record<string, unknown> {
  return Object.fromEntries(
    describeAuthFields(plugin).credential.map((field) => [field.name, field.secret ? secret : username]),
  );
}

function storeWith(entries: Record<string, Record<string, unknown>>): CredentialReader & { reads: string[] } {
  const reads: string[] = [];
  return { reads, get: async (slug) => (reads.push(slug), entries[slug]) };
}

const upstream = useUpstream();

const authModes: {
  authType: string;
  extra: Record<string, unknown>;
  arrived: (request: RecordedRequest) => boolean;
}[] = [
  { authType: "bearer", extra: {}, arrived: (request) => request.headers.authorization === `Bearer ${secret}` },
  {
    authType: "header",
    extra: { headerName: "X-Api-Key" },
    arrived: (request) => request.headers["x-api-key"] === secret,
  },
  {
    authType: "query",
    extra: { queryParam: "api_key" },
    arrived: (request) => new URL(request.url, "http://x").searchParams.get("api_key") === secret,
  },
  {
    authType: "basic",
    extra: {},
    arrived: (request) =>
      request.headers.authorization === `Basic ${Buffer.from(`${username}:${secret}`).toString("base64")}`,
  },
];

describe("createApiTool: a real call through execute for each auth mode", () => {
  it.each(authModes)(
    "$authType: the credential reaches the upstream, and never the agent",
    async ({ authType, extra, arrived }) => {
      const slug = `echo-${authType}`;
      const source = createSourceRecordFixture({
        slug,
        api: { baseUrl: `${upstream().origin}/v1`, authType, ...extra },
      });
      const tool = createApiTool(source, {
        registry,
        credentials: storeWith({ [slug]: credentialFor(registry.get(authType)) }),
      })!;

      const result = await tool.execute({ method: "get", path: "/things", query: { page: 2 } });

      const received = upstream().requests.at(-1)!;
      expect(received.method).toBe("GET");
      expect(received.url.startsWith("/v1/things?")).toBe(true);
      expect(new URL(received.url, "http://x").searchParams.get("page")).toBe("2");
      expect(arrived(received)).toBe(true);
      expect(result).toMatchObject({ ok: true, status: 200, attempts: 1, body: { kind: "json" } });
      expect(result.request.url).toContain(`${upstream().origin}/v1/things`);

      const outputs = {
        result: JSON.stringify(result),
        inspected: inspect(result, { depth: null }),
        text: formatToolResult(result),
        mcpResult: JSON.stringify(toMcpCallToolResult(result)),
        mcpDefinition: JSON.stringify(toMcpToolDefinition(tool)),
        openAi: JSON.stringify(toOpenAiFunctionTool(tool)),
        anthropic: JSON.stringify(toAnthropicTool(tool)),
        vercel: inspect(toVercelAiTool(tool, { jsonSchema }), { depth: null }),
        tool: inspect(tool, { depth: null }),
      };
      for (const [name, text] of Object.entries(outputs))
        expect({ name, leaks: findLeaks(text, secret, username) }).toEqual({ name, leaks: [] });
      // The echo did come back, with the credential replaced: the check above is not vacuous.
      expect(outputs.text).toContain("[REDACTED]");
    },
  );
});

describe("createApiTool", () => {
  const slug = "shop-api";
  const source = createSourceRecordFixture({ slug, name: "Shop", api: { baseUrl: `http://127.0.0.1:9/v1` } });

  it("names the tool api_<slug> with _ for - and describes the API", () => {
    const tool = createApiTool(source, { registry, credentials: storeWith({}) })!;
    expect(tool.name).toBe("api_shop_api");
    expect(tool.slug).toBe(slug);
    expect(tool.description).toContain("http://127.0.0.1:9/v1");
    expect(tool.description).toContain("Authentication is automatic");
    expect(Buffer.byteLength(tool.description)).toBeLessThan(1024);
    expect(tool.inputSchema.properties.method).toMatchObject({ enum: expect.arrayContaining(["GET", "POST"]) });
  });

  it("gives a disabled source no tool", () => {
    expect(createApiTool({ ...source, enabled: false }, { registry, credentials: storeWith({}) })).toBeUndefined();
  });

  it("throws UnknownAuthTypeError naming the registered types when the auth type is not registered", () => {
    const unknown = createSourceRecordFixture({ api: { authType: "hmac" } });
    expect(() => createApiTool(unknown, { registry, credentials: storeWith({}) })).toThrow(UnknownAuthTypeError);
  });

  it("answers NO_CREDENTIAL, with what to do, when no credential is stored; nothing is sent", async () => {
    const before = upstream().requests.length;
    const local = createSourceRecordFixture({ slug, api: { baseUrl: `${upstream().origin}/v1` } });
    const tool = createApiTool(local, { registry, credentials: storeWith({}) })!;
    const result = await tool.execute({ method: "GET", path: "/orders" });
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 0, request: { method: "GET", url: "/orders" } });
    expect(result.error).toMatchObject({ code: "NO_CREDENTIAL", retryable: false });
    expect(result.error?.message).toContain("an operator must store one, then retry");
    expect(result.error?.message).not.toMatch(/src |\/v1\//);
    expect(upstream().requests.length).toBe(before);
  });

  it("reads the credential on every call, so a newly stored one is used without rebuilding the tool", async () => {
    const entries: Record<string, Record<string, unknown>> = {};
    const store = storeWith(entries);
    const local = createSourceRecordFixture({ slug, api: { baseUrl: `${upstream().origin}/v1` } });
    const tool = createApiTool(local, { registry, credentials: store })!;
    expect((await tool.execute({ method: "GET", path: "/a" })).error?.code).toBe("NO_CREDENTIAL");
    entries[slug] = { token: secret };
    const second = await tool.execute({ method: "GET", path: "/a" });
    expect(second).toMatchObject({ ok: true, status: 200 });
    expect(upstream().requests.at(-1)!.headers.authorization).toBe(`Bearer ${secret}`);
    expect(store.reads).toEqual([slug, slug]);
  });

  it("answers NO_CREDENTIAL when the credential store fails, without throwing", async () => {
    const failing: CredentialReader = { get: () => Promise.reject(new Error("vault is locked")) };
    const result = await createApiTool(source, { registry, credentials: failing })!.execute({
      method: "GET",
      path: "/a",
    });
    expect(result.error).toMatchObject({ code: "NO_CREDENTIAL", retryable: true });
  });

  it("sends a raw body with its content type", async () => {
    const local = createSourceRecordFixture({ slug, api: { baseUrl: `${upstream().origin}/v1` } });
    const tool = createApiTool(local, { registry, credentials: storeWith({ [slug]: { token: secret } }) })!;
    const result = await tool.execute({
      method: "POST",
      path: "/import",
      _rawBody: "<item id='1'/>",
      _contentType: "application/xml",
    });
    expect(result.ok).toBe(true);
    const received = upstream().requests.at(-1)!;
    expect(received.body).toBe("<item id='1'/>");
    expect(received.headers["content-type"]).toBe("application/xml");
  });
});
