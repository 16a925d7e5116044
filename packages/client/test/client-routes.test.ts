import type { Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSrcClient, SrcClientError, type SrcClient } from "../src/index";
import { bearerConfig, startBearerUpstream } from "./helpers/bearer-upstream";
import { startBuiltServer, type BuiltServer } from "./helpers/start-built-server";

const upstreamToken = "upstream-token-client-routes-5f1e2d3c";
/** The server's page for the authorization server's redirect: a browser opens it, not this client. */
const browserOnlyRoutes = ["get /v1/auth/callback"];
let server: BuiltServer;
let upstream: Upstream;
let client: SrcClient;
/** Every JSON answer the client returned, to prove none holds the credential. */
const answers: unknown[] = [];

const kept = async <T>(answer: Promise<T>): Promise<T> => {
  const value = await answer;
  answers.push(value);
  return value;
};

beforeAll(async () => {
  [server, upstream] = await Promise.all([startBuiltServer(), startBearerUpstream(upstreamToken)]);
  client = createSrcClient({ baseUrl: server.url, token: server.adminToken });
});

afterAll(async () => {
  await Promise.all([server?.stop(), upstream?.close()]);
});

/**
 * One row per operation of the server's OpenAPI document, run in this order against the built server.
 * The last test checks that the rows and the document's operations are the same set.
 */
const operations: { operation: string; run: () => Promise<void> }[] = [
  {
    operation: "get /healthz",
    run: async () => {
      expect(await createSrcClient({ baseUrl: server.url }).server.health()).toEqual({ ok: true });
    },
  },
  {
    operation: "get /readyz",
    run: async () => {
      // The file store has no database: ready as soon as the server is.
      expect(await createSrcClient({ baseUrl: server.url }).server.ready()).toEqual({ ok: true, database: true, listener: true, shuttingDown: false });
    },
  },
  {
    operation: "post /v1/sources",
    run: async () => {
      const created = await kept(client.sources.create({ config: bearerConfig("alpha", upstream.url), credential: { token: upstreamToken } }));
      expect(created.source).toMatchObject({ slug: "alpha", status: { connectionStatus: "connected" } });
      expect(created.validation).toMatchObject({ ok: true, status: "connected", httpStatus: 200 });
    },
  },
  {
    operation: "get /v1/sources",
    run: async () => {
      const { sources } = await kept(client.sources.list());
      expect(sources).toEqual([expect.objectContaining({ ok: true, slug: "alpha", hasCredential: true })]);
    },
  },
  {
    operation: "get /v1/sources/{slug}",
    run: async () => {
      const { source, hasCredential } = await kept(client.sources.get("alpha"));
      expect(source.api.baseUrl).toBe(upstream.url);
      expect(hasCredential).toBe(true);
    },
  },
  {
    operation: "patch /v1/sources/{slug}",
    run: async () => {
      expect((await kept(client.sources.update("alpha", { name: "Renamed" }))).source.name).toBe("Renamed");
    },
  },
  {
    operation: "put /v1/sources/{slug}/credential",
    run: async () => {
      const wrong = await kept(client.sources.setCredential("alpha", { token: "wrong-token-client-routes" }));
      expect(wrong.validation).toMatchObject({ ok: false, status: "needs_auth" });
      const right = await kept(client.sources.setCredential("alpha", { token: upstreamToken }));
      expect(right.validation).toMatchObject({ ok: true });
    },
  },
  {
    operation: "post /v1/sources/{slug}/reload",
    run: async () => {
      const reloaded = await kept(client.sources.reload("alpha"));
      expect(reloaded).toMatchObject({ source: { slug: "alpha" }, validation: { ok: true } });
    },
  },
  {
    operation: "get /v1/tools",
    run: async () => {
      const plain = await kept(client.tools.list());
      expect(plain.tools).toEqual([expect.objectContaining({ name: "api_alpha", source: "alpha" })]);
      expect(plain.tools[0]!.inputSchema).toBeUndefined();
      const verbose = await kept(client.tools.list({ verbose: true }));
      expect(verbose.tools[0]!.description).toEqual(expect.any(String));
      expect(verbose.tools[0]!.inputSchema).toMatchObject({ type: "object" });
    },
  },
  {
    operation: "post /v1/sources/{slug}/auth/login",
    run: async () => {
      const config = {
        type: "api",
        name: "Desk",
        slug: "desk",
        api: { baseUrl: upstream.url, authType: "oauth2", testEndpoint: "/me", tokenUrl: `${upstream.url}/token`, authorizationUrl: `${upstream.url}/authorize`, grant: "authorization_code", scopes: ["tickets"] },
      };
      await kept(client.sources.create({ config, credential: { clientId: "desk-client", clientSecret: "desk-client-secret-7e6f" } }));
      const started = await kept(client.signIn.start("desk"));
      expect(started).toMatchObject({ slug: "desk", redirectUri: `${server.url}/v1/auth/callback`, expiresAt: expect.any(String) });
      expect(new URL(started.authorizationUrl).searchParams.get("client_id")).toBe("desk-client");
      const elsewhere = await kept(client.signIn.start("desk", { redirectUri: "https://src.example.com/v1/auth/callback" }));
      expect(elsewhere.redirectUri).toBe("https://src.example.com/v1/auth/callback");
      await expect(client.signIn.start("alpha")).rejects.toMatchObject({ status: 409, code: "NO_SIGN_IN", kind: "conflict" });
    },
  },
  {
    operation: "get /v1/sources/{slug}/auth",
    run: async () => {
      expect(await kept(client.signIn.status("desk"))).toMatchObject({ slug: "desk", grant: "authorization_code", scopes: ["tickets"], signedIn: false, hasAccessToken: false });
    },
  },
  {
    operation: "delete /v1/sources/{slug}/auth",
    run: async () => {
      expect(await kept(client.signIn.logout("desk"))).toEqual({ slug: "desk", forgotten: false });
      await client.sources.remove("desk");
    },
  },
  {
    operation: "post /v1/tools/{name}/call",
    run: async () => {
      const result = await kept(client.tools.call("api_alpha", { method: "POST", path: "/items", body: { name: "new" } }));
      expect(result).toMatchObject({ ok: true, status: 200, attempts: 1, body: { kind: "json", value: { method: "POST", body: '{"name":"new"}' } } });
      const invalid = await kept(client.tools.call("api_alpha", { method: "FETCH", path: "/items" }));
      expect(invalid).toMatchObject({ ok: false, error: { code: "INVALID_CALL" } });
    },
  },
  {
    operation: "get /v1/activity",
    run: async () => {
      const { calls } = await kept(client.server.activity({ source: "alpha", limit: 1 }));
      // The newest of the calls above: the one of the wrong shape.
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ source: "alpha", channel: "http", ok: false, errorCode: "INVALID_CALL" });
      expect((await kept(client.server.activity({ source: "nobody" }))).calls).toEqual([]);
    },
  },
  {
    operation: "get /v1/sources/{slug}/operations",
    run: async () => {
      // alpha has no OpenAPI document: the route answers 404 with the server's code, and q/limit reach it as query names.
      await expect(client.sources.operations("alpha", { query: "list items", limit: 3 })).rejects.toMatchObject({ status: 404, code: "UNKNOWN_TOOL" });
      await expect(client.sources.operations("alpha", { limit: 0 })).rejects.toMatchObject({ status: 422, kind: "invalid_input" });
    },
  },
  {
    operation: "get /v1/config-schema",
    run: async () => {
      const { schema, authTypes } = await kept(client.sources.configSchema());
      expect(schema).toMatchObject({ type: "object" });
      expect(authTypes.find((type) => type.type === "bearer")?.credentialFields).toEqual([expect.objectContaining({ name: "token", secret: true })]);
    },
  },
  {
    operation: "post /v1/commands",
    run: async () => {
      const result = await kept(client.server.runCommand("/tools -v"));
      expect(result).toMatchObject({ command: "/tools -v", ok: true });
      expect(result.text).toContain("api_alpha");
    },
  },
  {
    operation: "post /v1/tokens",
    run: async () => {
      const created = await client.tokens.create({ name: "agent-one", sources: ["alpha"], expires: "1d" });
      expect(created).toMatchObject({ name: "agent-one", sources: ["alpha"], token: expect.any(String) });
      // The agent token reaches the tool routes and nothing else.
      const agent = createSrcClient({ baseUrl: server.url, token: created.token });
      expect((await agent.tools.list()).tools.map((tool) => tool.name)).toEqual(["api_alpha"]);
      await expect(agent.sources.list()).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    },
  },
  {
    operation: "get /v1/tokens",
    run: async () => {
      expect((await client.tokens.list()).tokens).toEqual([expect.objectContaining({ name: "agent-one", expired: false })]);
    },
  },
  {
    operation: "delete /v1/tokens/{name}",
    run: async () => {
      expect(await client.tokens.revoke("agent-one")).toEqual({ name: "agent-one", revoked: true });
      expect((await client.tokens.list()).tokens).toEqual([]);
    },
  },
  {
    operation: "get /openapi.json",
    run: async () => {
      const document = await client.server.openApiDocument();
      expect(document.openapi).toBe("3.1.0");
    },
  },
  {
    operation: "delete /v1/sources/{slug}/credential",
    run: async () => {
      expect(await kept(client.sources.deleteCredential("alpha"))).toEqual({ slug: "alpha", deleted: true });
      expect(await kept(client.sources.deleteCredential("alpha"))).toEqual({ slug: "alpha", deleted: false });
      expect((await client.sources.get("alpha")).hasCredential).toBe(false);
    },
  },
  {
    operation: "delete /v1/sources/{slug}",
    run: async () => {
      expect(await kept(client.sources.remove("alpha"))).toEqual({ slug: "alpha", deleted: true });
      await expect(client.sources.get("alpha")).rejects.toMatchObject({ status: 404, code: "SOURCE_NOT_FOUND" });
    },
  },
];

describe("every route of the built server through the client", () => {
  for (const { operation, run } of operations) it(operation, run);

  it("no answer held the upstream credential", () => {
    expect(answers.length).toBeGreaterThan(10);
    expect(JSON.stringify(answers)).not.toContain(upstreamToken);
    expect(JSON.stringify(answers)).not.toContain("desk-client-secret-7e6f");
  });

  it("/mcp answers an MCP initialize at mcpUrl with the same token", async () => {
    const response = await fetch(client.mcpUrl, {
      method: "POST",
      headers: { authorization: `Bearer ${server.adminToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "client-test", version: "1.0.0" } } }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"serverInfo"');
  });

  it("the rows above are exactly the operations of the server's document (besides /mcp, reached through mcpUrl, and the browser's sign-in redirect page), and the document's own route", async () => {
    const document = (await client.server.openApiDocument()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths)
      .filter(([path]) => path !== "/mcp")
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`))
      .filter((operation) => !browserOnlyRoutes.includes(operation));
    const howToFix = "a route of the server has no client method (or the other way round): run `pnpm build && pnpm --filter @src/client update-server-api`, add the method in src/requests/ and a row above";
    expect(operations.map((row) => row.operation).sort(), howToFix).toEqual([...documented, "get /openapi.json"].sort());
  });
});

describe("server errors", () => {
  it("a wrong token is 401 UNAUTHORIZED as one SrcClientError with the status, code and message", async () => {
    const error = await createSrcClient({ baseUrl: server.url, token: "wrong-admin-token" })
      .sources.list()
      .catch((thrown: unknown) => thrown);
    expect(SrcClientError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, code: "UNAUTHORIZED", kind: "unauthorized", request: "GET /v1/sources" });
    expect((error as SrcClientError).body.error.message).toEqual(expect.any(String));
    expect((error as Error).message).not.toContain("wrong-admin-token");
  });

  it("a config of the wrong shape is 422 with every field problem in details", async () => {
    const error = (await client.sources
      .create({ config: { type: "api", name: "", slug: "Bad Slug", api: { baseUrl: "not a url", authType: "bearer", testEndpoint: "me" } } })
      .catch((thrown: unknown) => thrown)) as SrcClientError;
    expect(error).toMatchObject({ status: 422, kind: "invalid_input" });
    expect(error.details.map((detail) => detail.path)).toEqual(expect.arrayContaining(["name", "slug", "api.baseUrl", "api.testEndpoint"]));
    expect(error.body.error.details).toEqual(error.details);
  });

  it("a slug that is taken is 409 conflict; a slug that is not a slug is 422 before any file is read", async () => {
    await client.sources.create({ config: bearerConfig("beta", upstream.url) });
    await expect(client.sources.create({ config: bearerConfig("beta", upstream.url) })).rejects.toMatchObject({ status: 409, code: "DUPLICATE_SLUG", kind: "conflict" });
    await expect(client.sources.get("../etc")).rejects.toMatchObject({ status: 422, kind: "invalid_input" });
    await client.sources.remove("beta");
  });

  it("an unknown tool is 404 not_found", async () => {
    await expect(client.tools.call("api_nope", { method: "GET", path: "/" })).rejects.toMatchObject({ status: 404, kind: "not_found" });
  });
});
