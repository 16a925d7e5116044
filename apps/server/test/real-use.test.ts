import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeEach, describe, expect, it } from "vitest";
import { startUpstream } from "./helpers/start-upstream";
import { adminAddBearerSource } from "./helpers/server-requests";
import { bearerConfig } from "./helpers/test-server";
import { useServerPerTest } from "./helpers/use-server-per-test";

const upstreamToken = "upstream-token-real-use-5d4c3b2a19";
const setup = useServerPerTest({ upstreamToken });

const headers = { "Notion-Version": "2022-06-28", "User-Agent": "ops-agent/1.0" };

describe("fixed headers through the source routes", () => {
  it("POST /v1/sources takes api.headers, sends them on validation and calls, and GET /v1/tools lists them", async () => {
    const config = bearerConfig("with-headers", setup.upstream.url, {});
    (config.api as Record<string, unknown>).headers = headers;
    const created = await setup.server.api("POST", "/v1/sources", {
      body: { config, credential: { token: upstreamToken } },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ source: { api: { headers } }, validation: { status: "connected" } });
    expect(setup.upstream.seen.at(-1)?.headers).toMatchObject({
      "notion-version": "2022-06-28",
      "user-agent": "ops-agent/1.0",
    });

    const call = await setup.server.api("POST", "/v1/tools/api_with-headers/call", {
      body: { method: "GET", path: "/items" },
    });
    expect(call.json).toMatchObject({ ok: true });
    expect(setup.upstream.seen.at(-1)?.headers).toMatchObject({
      "notion-version": "2022-06-28",
      authorization: `Bearer ${upstreamToken}`,
    });

    const tools = await setup.server.api("GET", "/v1/tools?verbose=1");
    expect(tools.json.tools.find((tool: { source: string }) => tool.source === "with-headers")).toMatchObject({
      headers,
    });

    const patched = await setup.server.api("PATCH", "/v1/sources/with-headers", {
      body: { api: { headers: { "Notion-Version": "2025-09-03" } } },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.source.api.headers).toEqual({ "Notion-Version": "2025-09-03" });
  });

  it("refuses a fixed header that would carry a credential, naming it (422), and creates nothing", async () => {
    const config = bearerConfig("bad-headers", setup.upstream.url);
    (config.api as Record<string, unknown>).headers = { Authorization: "Bearer x", "Transfer-Encoding": "chunked" };
    const answer = await setup.server.api("POST", "/v1/sources", {
      body: { config, credential: { token: upstreamToken } },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.error.details).toEqual(
      expect.arrayContaining([
        { path: "api.headers.Authorization", message: expect.stringContaining("it would carry a credential") },
        { path: "api.headers.Transfer-Encoding", message: "cannot be a fixed header: it frames the body" },
      ]),
    );
    expect((await setup.server.api("GET", "/v1/sources/bad-headers")).status).toBe(404);
  });
});

describe("unknown fields are errors on the source routes", () => {
  it("POST /v1/sources with a misspelt config field says which was meant (422)", async () => {
    const config = bearerConfig("misspelt", setup.upstream.url);
    (config.api as Record<string, unknown>).tesEndpoint = "/x";
    const answer = await setup.server.api("POST", "/v1/sources", {
      body: { config, credential: { token: upstreamToken } },
    });
    expect(answer.status).toBe(422);
    expect(answer.json.error.details).toContainEqual({
      path: "api.tesEndpoint",
      message: 'is not a known field; did you mean "testEndpoint"?',
    });
    expect((await setup.server.api("GET", "/v1/sources/misspelt")).status).toBe(404);
  });

  it("POST /v1/sources with an unknown field beside config and credential is refused", async () => {
    const answer = await setup.server.api("POST", "/v1/sources", {
      body: { config: bearerConfig("extra-body", setup.upstream.url), credentials: { token: upstreamToken } },
    });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain("credentials");
    expect((await setup.server.api("GET", "/v1/sources/extra-body")).status).toBe(404);
  });

  it("PATCH with an api field the auth mode does not have is refused, the record unchanged", async () => {
    expect(
      (
        await setup.server.api("POST", "/v1/sources", {
          body: { config: bearerConfig("patched", setup.upstream.url), credential: { token: upstreamToken } },
        })
      ).status,
    ).toBe(201);
    const answer = await setup.server.api("PATCH", "/v1/sources/patched", { body: { api: { queryParam: "key" } } });
    expect(answer.status).toBe(422);
    expect(answer.json.error.details).toContainEqual({
      path: "api.queryParam",
      message: 'is not used by this auth type (it belongs to authType "query"); remove it',
    });
    expect((await setup.server.api("GET", "/v1/sources/patched")).json.source.api).not.toHaveProperty("queryParam");
  });
});

describe("a new baseUrl through PATCH", () => {
  it("turns the source untested with a message to set the credential again; it is never sent to the new address", async () => {
    expect(
      (
        await setup.server.api("POST", "/v1/sources", {
          body: { config: bearerConfig("moving", setup.upstream.url), credential: { token: upstreamToken } },
        })
      ).json.validation.status,
    ).toBe("connected");
    const other = await startUpstream({ token: upstreamToken, host: "127.0.0.2" });
    try {
      const patched = await setup.server.api("PATCH", "/v1/sources/moving", { body: { api: { baseUrl: other.url } } });
      expect(patched.status).toBe(200);
      expect(patched.json.source.status).toMatchObject({
        connectionStatus: "untested",
        lastError: expect.stringContaining("set the credential again for the new address"),
      });
      const call = await setup.server.api("POST", "/v1/tools/api_moving/call", {
        body: { method: "GET", path: "/items" },
      });
      expect(call.json.error.code).toBe("NO_CREDENTIAL");
      expect(other.seen).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe("unknown tool arguments", () => {
  const expected =
    'invalid call: unknown arguments "headers", "url": the tool accepts only method, path, query, body, _rawBody, _contentType, select, paginate, resultRef, offset; request headers cannot be set in a call (an operator sets fixed ones on the source)';

  beforeEach(async () => {
    const { server, testHome, upstream } = setup;
    await adminAddBearerSource(server.server.url, testHome.adminToken, {
      slug: "strict",
      baseUrl: upstream.url,
      token: upstreamToken,
    });
  });

  it("are refused on POST /v1/tools/{name}/call with INVALID_CALL; nothing is sent", async () => {
    const before = setup.upstream.seen.length;
    const answer = await setup.server.api("POST", "/v1/tools/api_strict/call", {
      body: { method: "GET", path: "/items", headers: { "X-Debug": "1" }, url: "http://x" },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ ok: false, error: { code: "INVALID_CALL", message: expected } });
    expect(setup.upstream.seen.length).toBe(before);
  });

  it("are refused over MCP (official SDK client), and a JSON body sent as a string is sent parsed with a note", async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${setup.server.server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${setup.testHome.adminToken}` } },
    });
    const client = new Client({ name: "real-use-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const before = setup.upstream.seen.length;
      const refused = await client.callTool({
        name: "api_strict",
        arguments: { method: "GET", path: "/items", headers: { "X-Debug": "1" }, url: "http://x" },
      });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain(expected.replaceAll('"', '\\"'));
      expect(setup.upstream.seen.length).toBe(before);

      const sent = await client.callTool({
        name: "api_strict",
        arguments: { method: "POST", path: "/items", body: '{"name":"x"}' },
      });
      expect(JSON.stringify(sent.content)).toContain("body was a string holding JSON");
      expect(setup.upstream.seen.at(-1)).toMatchObject({ method: "POST" });
    } finally {
      await client.close();
    }
  });
});
