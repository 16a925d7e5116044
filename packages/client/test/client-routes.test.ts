import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Upstream } from "@src/http-tool/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSrcClient, SrcClientError, type SrcClient } from "../src/index";
import { bearerConfig, startBearerUpstream } from "./helpers/bearer-upstream";
import { startBuiltServer, type BuiltServer } from "./helpers/start-built-server";

const upstreamToken = "upstream-token-client-routes-5f1e2d3c";
/** The server's page for the authorization server's redirect: a browser opens it, not this client. */
/** Routes a browser or an OAuth client uses, not the admin API: the sign-in redirect page and the OAuth protocol endpoints and metadata. */
const browserOnlyRoutes = [
  "get /v1/auth/callback",
  "get /.well-known/oauth-protected-resource",
  "get /.well-known/oauth-protected-resource/mcp",
  "get /.well-known/oauth-authorization-server",
  "get /authorize",
  "post /token",
  "post /register",
  "post /revoke",
];
let server: BuiltServer;
let upstream: Upstream;
let client: SrcClient;
/** Every JSON answer the client returned in the current test, to prove none holds the credential. */
const answers: unknown[] = [];

const kept = async <T>(answer: Promise<T>): Promise<T> => {
  const value = await answer;
  answers.push(value);
  return value;
};

// One built server for the file (slow to start); every row makes the sources and tokens it needs under names no
// other row (nor its own retry) uses, so each runs alone, in any order, and again.
beforeAll(async () => {
  [server, upstream] = await Promise.all([startBuiltServer(), startBearerUpstream(upstreamToken)]);
  client = createSrcClient({ baseUrl: server.url, token: server.adminToken });
});

afterAll(async () => {
  await Promise.all([server?.stop(), upstream?.close()]);
});

beforeEach(() => {
  answers.length = 0;
});

afterEach(() => {
  expect(JSON.stringify(answers)).not.toContain(upstreamToken);
  expect(JSON.stringify(answers)).not.toContain("desk-client-secret-7e6f");
});

/** A name no other test (nor another try of this one) uses. */
const unique = (prefix: string): string => `${prefix}-${randomBytes(3).toString("hex")}`;

/** A connected bearer source of this test only; its slug. */
async function createSource(prefix = "alpha"): Promise<string> {
  const slug = unique(prefix);
  await kept(client.sources.create({ config: bearerConfig(slug, upstream.url), credential: { token: upstreamToken } }));
  return slug;
}

const toolOf = (slug: string): string => `api_${slug.replace(/-/g, "_")}`;

/** An OpenAPI document of the test upstream: `getMe` and `listItems` (its `limit` an integer). */
const itemsDocument = {
  openapi: "3.0.3",
  info: { title: "Items API", version: "1.0.0" },
  paths: {
    "/me": { get: { operationId: "getMe", summary: "The current user", responses: { "200": { description: "ok" } } } },
    "/items": {
      get: {
        operationId: "listItems",
        summary: "List items",
        parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
        responses: { "200": { description: "ok" } },
      },
    },
  },
};

/** A connected bearer source of this test only with `itemsDocument` as its OpenAPI document, checked as `validation` says; its slug. */
async function createDocumentedSource(validation: "strict" | "warn"): Promise<string> {
  const slug = unique("documented");
  const documentFile = join(server.home, `${slug}-openapi.json`);
  await writeFile(documentFile, JSON.stringify(itemsDocument));
  const config = bearerConfig(slug, upstream.url) as { api: Record<string, unknown> };
  const created = await kept(
    client.sources.create({
      config: { ...config, api: { ...config.api, openapi: documentFile, openapiValidation: validation } },
      credential: { token: upstreamToken },
    }),
  );
  expect(created.source.status.openapi).toMatchObject({ loaded: true, operations: 2 });
  return slug;
}

/** A per-user bearer source of this test only, no one connected; its slug. */
async function createPerUserSource(): Promise<string> {
  const slug = unique("mine");
  const config = bearerConfig(slug, upstream.url) as { api: Record<string, unknown> };
  await kept(client.sources.create({ config: { ...config, api: { ...config.api, credentials: "per-user" } } }));
  return slug;
}

/**
 * The connect link an agent's call of a per-user source is given (an agent token of its own, principal `token:NAME`;
 * the operator, principal "local", is given none), with the agent and its principal.
 */
async function connectLinkOf(slug: string): Promise<{ token: string; principal: string; agent: SrcClient }> {
  const name = unique("agent");
  const agent = createSrcClient({ baseUrl: server.url, token: (await client.tokens.create({ name })).token });
  const result = await kept(agent.tools.call(toolOf(slug), { method: "GET", path: "/me" }));
  expect(result.error?.code).toBe("NOT_CONNECTED");
  return { token: (result.error?.connectUrl ?? "").split("#/connect/")[1] ?? "", principal: `token:${name}`, agent };
}

/**
 * A client whose `fetch` keeps the person's session cookie (as a browser would) after it connected `slug` through
 * its connect link (an agent's call: principal `token:NAME`).
 */
async function personConnectedTo(slug: string): Promise<{ slug: string; principal: string; client: SrcClient }> {
  let cookie: string | undefined;
  const keepingCookie: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (cookie !== undefined) request.headers.set("cookie", cookie);
    const response = await fetch(request);
    const set = response.headers.get("set-cookie");
    if (set !== null) cookie = set.split(";")[0]!;
    return response;
  };
  const person = createSrcClient({ baseUrl: server.url, fetch: keepingCookie });
  const link = await connectLinkOf(slug);
  await kept(person.connections.connect(link.token, { token: upstreamToken }));
  return { slug, principal: link.principal, client: person };
}

/** An oauth2 authorization code source of this test only (not signed in); its slug. */
async function createDesk({ perUser = false }: { perUser?: boolean } = {}): Promise<string> {
  const slug = unique("desk");
  const config = {
    type: "api",
    name: "Desk",
    slug,
    api: {
      baseUrl: upstream.url,
      authType: "oauth2",
      testEndpoint: "/me",
      tokenUrl: `${upstream.url}/token`,
      authorizationUrl: `${upstream.url}/authorize`,
      grant: "authorization_code",
      scopes: ["tickets"],
      ...(perUser ? { credentials: "per-user" } : {}),
    },
  };
  await kept(
    client.sources.create({ config, credential: { clientId: "desk-client", clientSecret: "desk-client-secret-7e6f" } }),
  );
  return slug;
}

/** One row per operation of the server's OpenAPI document. The last test checks that the rows and the document's operations are the same set. */
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
      expect(await createSrcClient({ baseUrl: server.url }).server.ready()).toEqual({
        ok: true,
        database: true,
        listener: true,
        shuttingDown: false,
      });
    },
  },
  {
    operation: "post /v1/sources",
    run: async () => {
      const slug = unique("alpha");
      const created = await kept(
        client.sources.create({ config: bearerConfig(slug, upstream.url), credential: { token: upstreamToken } }),
      );
      expect(created.source).toMatchObject({ slug, status: { connectionStatus: "connected" } });
      expect(created.validation).toMatchObject({ ok: true, status: "connected", httpStatus: 200 });
    },
  },
  {
    operation: "get /v1/sources",
    run: async () => {
      const slug = await createSource();
      const { sources } = await kept(client.sources.list());
      expect(sources).toContainEqual(expect.objectContaining({ ok: true, slug, hasCredential: true }));
    },
  },
  {
    operation: "get /v1/sources/{slug}",
    run: async () => {
      const { source, hasCredential } = await kept(client.sources.get(await createSource()));
      expect(source.api.baseUrl).toBe(upstream.url);
      expect(hasCredential).toBe(true);
    },
  },
  {
    operation: "patch /v1/sources/{slug}",
    run: async () => {
      expect((await kept(client.sources.update(await createSource(), { name: "Renamed" }))).source.name).toBe(
        "Renamed",
      );
    },
  },
  {
    operation: "put /v1/sources/{slug}/credential",
    run: async () => {
      const slug = await createSource();
      const wrong = await kept(client.sources.setCredential(slug, { token: "wrong-token-client-routes" }));
      expect(wrong.validation).toMatchObject({ ok: false, status: "needs_auth" });
      const right = await kept(client.sources.setCredential(slug, { token: upstreamToken }));
      expect(right.validation).toMatchObject({ ok: true });
    },
  },
  {
    operation: "post /v1/sources/{slug}/reload",
    run: async () => {
      const slug = await createSource();
      const reloaded = await kept(client.sources.reload(slug));
      expect(reloaded).toMatchObject({ source: { slug }, validation: { ok: true } });
    },
  },
  {
    operation: "get /v1/tools",
    run: async () => {
      const slug = await createSource();
      const plain = await kept(client.tools.list());
      const tool = plain.tools.find((candidate) => candidate.source === slug);
      expect(tool).toMatchObject({ name: toolOf(slug), source: slug });
      expect(tool?.inputSchema).toBeUndefined();
      const verbose = (await kept(client.tools.list({ verbose: true }))).tools.find(
        (candidate) => candidate.source === slug,
      );
      expect(verbose?.description).toEqual(expect.any(String));
      expect(verbose?.inputSchema).toMatchObject({ type: "object" });
    },
  },
  {
    operation: "post /v1/sources/{slug}/auth/login",
    run: async () => {
      const desk = await createDesk();
      const started = await kept(client.signIn.start(desk));
      expect(started).toMatchObject({
        slug: desk,
        redirectUri: `${server.url}/v1/auth/callback`,
        expiresAt: expect.any(String),
      });
      expect(new URL(started.authorizationUrl).searchParams.get("client_id")).toBe("desk-client");
      const elsewhere = await kept(
        client.signIn.start(desk, { redirectUri: "https://src.example.com/v1/auth/callback" }),
      );
      expect(elsewhere.redirectUri).toBe("https://src.example.com/v1/auth/callback");
      await expect(client.signIn.start(await createSource())).rejects.toMatchObject({
        status: 409,
        code: "NO_SIGN_IN",
        kind: "conflict",
      });
    },
  },
  {
    operation: "post /v1/sources/{slug}/auth/login/progress",
    run: async () => {
      const desk = await createDesk();
      const started = await kept(client.signIn.start(desk));
      expect(await kept(client.signIn.progress(desk, started.signInId))).toMatchObject({ status: "waiting" });
      await expect(client.signIn.progress(desk, "0".repeat(64))).rejects.toMatchObject({ status: 422 });
    },
  },
  {
    operation: "get /v1/sources/{slug}/auth",
    run: async () => {
      const desk = await createDesk();
      expect(await kept(client.signIn.status(desk))).toMatchObject({
        slug: desk,
        grant: "authorization_code",
        scopes: ["tickets"],
        signedIn: false,
        hasAccessToken: false,
      });
    },
  },
  {
    operation: "delete /v1/sources/{slug}/auth",
    run: async () => {
      const desk = await createDesk();
      expect(await kept(client.signIn.logout(desk))).toEqual({ slug: desk, forgotten: false });
    },
  },
  {
    operation: "post /v1/tools/{name}/call",
    run: async () => {
      const tool = toolOf(await createSource());
      const result = await kept(client.tools.call(tool, { method: "POST", path: "/items", body: { name: "new" } }));
      expect(result).toMatchObject({
        ok: true,
        status: 200,
        attempts: 1,
        body: { kind: "json", value: { method: "POST", body: '{"name":"new"}' } },
      });
      const invalid = await kept(client.tools.call(tool, { method: "FETCH", path: "/items" }));
      expect(invalid).toMatchObject({ ok: false, error: { code: "INVALID_CALL" } });
      // A call that breaks the document of a source that warns is sent, with warnings saying where.
      const warned = await createDocumentedSource("warn");
      const sent = await kept(
        client.tools.call(toolOf(warned), { method: "GET", path: "/items", query: { limit: "many" } }),
      );
      expect(sent.ok).toBe(true);
      const warnings: string[] | undefined = sent.warnings;
      expect(warnings).toEqual([expect.stringContaining("query.limit must be of type integer")]);
      // paginate true is the defaults (a list of one page here), false no pagination at all.
      const paged = await kept(client.tools.call(tool, { method: "GET", path: "/items", paginate: true }));
      expect(paged.pagination).toEqual({ pages: 1, items: 1, more: false });
      const unpaged = await kept(client.tools.call(tool, { method: "GET", path: "/items", paginate: false }));
      expect(unpaged).toMatchObject({ ok: true, body: { kind: "json", value: { items: [{ id: 1 }] } } });
      expect(unpaged.pagination).toBeUndefined();
    },
  },
  {
    operation: "get /v1/activity",
    run: async () => {
      const slug = await createSource();
      await kept(client.tools.call(toolOf(slug), { method: "GET", path: "/items" }));
      await kept(client.tools.call(toolOf(slug), { method: "FETCH", path: "/items" }));
      // The server appends each call to the audit log as it answers: wait for the second.
      await expect.poll(async () => (await client.server.activity({ source: slug })).calls.length).toBe(2);
      const { calls } = await kept(client.server.activity({ source: slug, limit: 1 }));
      // The newest: the one of the wrong shape.
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ source: slug, channel: "http", ok: false, errorCode: "INVALID_CALL" });
      expect((await kept(client.server.activity({ source: unique("nobody") }))).calls).toEqual([]);
    },
  },
  {
    operation: "get /v1/sources/{slug}/operations",
    run: async () => {
      const slug = await createSource();
      // The source has no OpenAPI document: the route answers 404 with the server's code, and q/limit reach it as query names.
      await expect(client.sources.operations(slug, { query: "list items", limit: 3 })).rejects.toMatchObject({
        status: 404,
        code: "UNKNOWN_TOOL",
      });
      await expect(client.sources.operations(slug, { limit: 0 })).rejects.toMatchObject({
        status: 422,
        kind: "invalid_input",
      });
      // With a document, every operation a page at a time: offset reaches the route and gives the next page.
      const documented = await createDocumentedSource("strict");
      const first = await kept(client.sources.operations(documented, { limit: 1 }));
      expect(first).toMatchObject({ total: 2, note: expect.stringContaining("give offset 1") });
      const second = await kept(client.sources.operations(documented, { limit: 1, offset: 1 }));
      const idsOf = (page: typeof first): unknown[] =>
        ((page as { operations: { operationId: string }[] }).operations ?? []).map(
          (operation) => operation.operationId,
        );
      expect([...idsOf(first), ...idsOf(second)].sort()).toEqual(["getMe", "listItems"]);
      await expect(client.sources.operations(documented, { offset: -1 })).rejects.toMatchObject({
        status: 422,
        kind: "invalid_input",
      });
    },
  },
  {
    operation: "get /v1/config-schema",
    run: async () => {
      const { schema, authTypes } = await kept(client.sources.configSchema());
      expect(schema).toMatchObject({ type: "object" });
      expect(authTypes.find((type) => type.type === "bearer")?.credentialFields).toEqual([
        expect.objectContaining({ name: "token", secret: true }),
      ]);
    },
  },
  {
    operation: "post /v1/commands",
    run: async () => {
      const slug = await createSource();
      const result = await kept(client.server.runCommand("/tools -v"));
      expect(result).toMatchObject({ command: "/tools -v", ok: true });
      expect(result.text).toContain(toolOf(slug));
    },
  },
  {
    operation: "post /v1/tokens",
    run: async () => {
      const slug = await createSource();
      const name = unique("agent");
      const created = await client.tokens.create({ name, sources: [slug], expires: "1d" });
      expect(created).toMatchObject({ name, sources: [slug], token: expect.any(String) });
      // The agent token reaches the tool routes and nothing else.
      const agent = createSrcClient({ baseUrl: server.url, token: created.token });
      expect((await agent.tools.list()).tools.map((tool) => tool.name)).toEqual([toolOf(slug)]);
      await expect(agent.sources.list()).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    },
  },
  {
    operation: "get /v1/tokens",
    run: async () => {
      const name = unique("agent");
      await client.tokens.create({ name });
      expect((await client.tokens.list()).tokens).toContainEqual(expect.objectContaining({ name, expired: false }));
    },
  },
  {
    operation: "delete /v1/tokens/{name}",
    run: async () => {
      const name = unique("agent");
      await client.tokens.create({ name });
      expect(await client.tokens.revoke(name)).toEqual({ name, revoked: true, connectionsRemoved: [] });
      expect((await client.tokens.list()).tokens.map((token) => token.name)).not.toContain(name);
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
      const slug = await createSource();
      expect(await kept(client.sources.deleteCredential(slug))).toEqual({ slug, deleted: true });
      expect(await kept(client.sources.deleteCredential(slug))).toEqual({ slug, deleted: false });
      expect((await client.sources.get(slug)).hasCredential).toBe(false);
    },
  },
  {
    operation: "delete /v1/sources/{slug}",
    run: async () => {
      const slug = await createSource();
      expect(await kept(client.sources.remove(slug))).toEqual({ slug, deleted: true });
      await expect(client.sources.get(slug)).rejects.toMatchObject({ status: 404, code: "SOURCE_NOT_FOUND" });
    },
  },
  {
    operation: "put /v1/sources/{slug}/connections",
    run: async () => {
      const slug = await createPerUserSource();
      expect(await kept(client.connections.set(slug, "idp:alice", { token: upstreamToken }))).toEqual({
        slug,
        principal: "idp:alice",
        stored: true,
      });
      // The operator is "local": not alice, so not connected.
      expect((await kept(client.tools.call(toolOf(slug), { method: "GET", path: "/me" }))).error?.code).toBe(
        "NOT_CONNECTED",
      );
      await expect(
        client.connections.set(await createSource(), "idp:alice", { token: upstreamToken }),
      ).rejects.toMatchObject({ status: 422, code: "CREDENTIAL_MODE_MISMATCH" });
    },
  },
  {
    operation: "get /v1/connections",
    run: async () => {
      const slug = await createPerUserSource();
      await client.connections.set(slug, "idp:bob", { token: upstreamToken });
      const { connections } = await kept(client.connections.list({ source: slug }));
      expect(connections.map((connection) => [connection.slug, connection.principal])).toEqual([[slug, "idp:bob"]]);
      expect((await kept(client.connections.list({ principal: "idp:nobody" }))).connections).toEqual([]);
    },
  },
  {
    operation: "delete /v1/sources/{slug}/connections",
    run: async () => {
      const slug = await createPerUserSource();
      await client.connections.set(slug, "idp:carol", { token: upstreamToken });
      expect(await kept(client.connections.remove(slug, "idp:carol"))).toEqual({
        slug,
        principal: "idp:carol",
        deleted: true,
      });
      expect(await kept(client.connections.remove(slug, "idp:carol"))).toEqual({
        slug,
        principal: "idp:carol",
        deleted: false,
      });
    },
  },
  {
    operation: "get /v1/connect/{token}",
    run: async () => {
      const slug = await createPerUserSource();
      const link = await connectLinkOf(slug);
      const described = await kept(createSrcClient({ baseUrl: server.url }).connections.describeLink(link.token));
      expect(described).toMatchObject({
        source: { slug, authType: "bearer" },
        principal: link.principal,
        fields: [{ name: "token", secret: true }],
      });
    },
  },
  {
    operation: "post /v1/connect/{token}",
    run: async () => {
      const slug = await createPerUserSource();
      const link = await connectLinkOf(slug);
      const anonymous = createSrcClient({ baseUrl: server.url });
      expect(await kept(anonymous.connections.connect(link.token, { token: upstreamToken }))).toEqual({
        slug,
        principal: link.principal,
        connected: true,
      });
      await expect(anonymous.connections.connect(link.token, { token: upstreamToken })).rejects.toMatchObject({
        status: 404,
      });
      expect(await kept(link.agent.tools.call(toolOf(slug), { method: "GET", path: "/me" }))).toMatchObject({
        ok: true,
      });
    },
  },
  {
    operation: "post /v1/connect/{token}/sign-in",
    run: async () => {
      // The operator's OAuth client is stored as principal "local"; an agent's person signs in as themselves.
      const desk = await createDesk({ perUser: true });
      const name = unique("pat");
      const agent = createSrcClient({ baseUrl: server.url, token: (await client.tokens.create({ name })).token });
      const refused = await kept(agent.tools.call(toolOf(desk), { method: "GET", path: "/me" }));
      expect(refused.error?.code).toBe("NOT_CONNECTED");
      const linkToken = (refused.error?.connectUrl ?? "").split("#/connect/")[1] ?? "";
      const anonymous = createSrcClient({ baseUrl: server.url });
      expect((await kept(anonymous.connections.describeLink(linkToken))).signIn).toEqual({ available: true });
      const started = await kept(anonymous.connections.beginSignIn(linkToken));
      expect(started).toMatchObject({ slug: desk, principal: `token:${name}`, expiresAt: expect.any(String) });
      const authorize = new URL(started.authorizationUrl);
      expect(authorize.searchParams.get("client_id")).toBe("desk-client");
      expect(authorize.searchParams.get("redirect_uri")).toBe(`${server.url}/v1/auth/callback`);
      // A source whose auth mode takes a pasted key has no sign-in.
      const keyed = (await connectLinkOf(await createPerUserSource())).token;
      await expect(anonymous.connections.beginSignIn(keyed)).rejects.toMatchObject({ status: 409, code: "NO_SIGN_IN" });
    },
  },
  {
    operation: "post /v1/connect/{token}/sign-in/progress",
    run: async () => {
      const desk = await createDesk({ perUser: true });
      const agent = createSrcClient({
        baseUrl: server.url,
        token: (await client.tokens.create({ name: unique("ivy") })).token,
      });
      const refused = await kept(agent.tools.call(toolOf(desk), { method: "GET", path: "/me" }));
      const linkToken = (refused.error?.connectUrl ?? "").split("#/connect/")[1] ?? "";
      const anonymous = createSrcClient({ baseUrl: server.url });
      const started = await kept(anonymous.connections.beginSignIn(linkToken));
      expect(started.awaits).toBe("redirect");
      // Nobody came back from the upstream yet: the sign-in waits, and the link is still open.
      expect(await kept(anonymous.connections.signInProgress(linkToken, started.signInId))).toMatchObject({
        slug: desk,
        status: "waiting",
      });
      expect((await kept(anonymous.connections.describeLink(linkToken))).source.slug).toBe(desk);
      await expect(anonymous.connections.signInProgress(linkToken, "not-a-sign-in")).rejects.toMatchObject({
        status: 422,
        code: "SIGN_IN_STATE_INVALID",
      });
    },
  },
  {
    operation: "get /v1/me/connections",
    run: async () => {
      const person = await personConnectedTo(await createPerUserSource());
      const { principal, connections } = await kept(person.client.connections.listMine());
      expect(principal).toBe(person.principal);
      expect(connections.map((connection) => connection.slug)).toEqual([person.slug]);
      expect(connections.map((connection) => connection.slug)).toContain(person.slug);
      await expect(createSrcClient({ baseUrl: server.url }).connections.listMine()).rejects.toMatchObject({
        status: 401,
      });
    },
  },
  {
    operation: "delete /v1/me/connections/{slug}",
    run: async () => {
      const person = await personConnectedTo(await createPerUserSource());
      expect(await kept(person.client.connections.removeMine(person.slug))).toEqual({
        slug: person.slug,
        deleted: true,
      });
      expect(await kept(person.client.connections.removeMine(person.slug))).toEqual({
        slug: person.slug,
        deleted: false,
      });
    },
  },
  {
    operation: "delete /v1/me/session",
    run: async () => {
      const person = await personConnectedTo(await createPerUserSource());
      expect(await kept(person.client.connections.endMySession())).toEqual({ signedOut: true });
      await expect(person.client.connections.listMine()).rejects.toMatchObject({ status: 401 });
    },
  },
  {
    operation: "get /v1/me/sign-in",
    run: async () => {
      // This server trusts no identity provider (no --oauth-issuer): the sign-in is not offered, and says why.
      const status = await kept(createSrcClient({ baseUrl: server.url }).connections.personSignIn());
      expect(status.available).toBe(false);
      expect(status.message).toContain("--oauth-console-client-id");
    },
  },
  {
    operation: "post /v1/me/sign-in",
    run: async () => {
      const anonymous = createSrcClient({ baseUrl: server.url });
      await expect(anonymous.connections.beginPersonSignIn()).rejects.toMatchObject({
        status: 409,
        code: "SIGN_IN_NOT_POSSIBLE",
      });
      await expect(anonymous.connections.beginPersonSignIn("srcc_nolink")).rejects.toMatchObject({ status: 409 });
    },
  },
  {
    operation: "post /v1/oauth/consent",
    run: async () => {
      await expect(client.consent.load("client_id=nobody&state=x")).rejects.toMatchObject({
        status: 404,
        code: "CONSENT_REQUEST_NOT_FOUND",
      });
    },
  },
  {
    operation: "post /v1/oauth/consent/decision",
    run: async () => {
      await expect(
        client.consent.decide({ request: "0".repeat(64), csrfToken: "x", decision: "deny" }),
      ).rejects.toMatchObject({ status: 404, code: "CONSENT_REQUEST_NOT_FOUND" });
    },
  },
];

describe("every route of the built server through the client", () => {
  for (const { operation, run } of operations) it(operation, run);

  it("/mcp answers an MCP initialize at mcpUrl with the same token", async () => {
    const response = await fetch(client.mcpUrl, {
      method: "POST",
      headers: {
        authorization: `Bearer ${server.adminToken}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "client-test", version: "1.0.0" },
        },
      }),
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
    const howToFix =
      "a route of the server has no client method (or the other way round): run `pnpm build && pnpm --filter @src/client update-server-api`, add the method in src/requests/ and a row above";
    expect(operations.map((row) => row.operation).sort(), howToFix).toEqual(
      [...documented, "get /openapi.json"].sort(),
    );
  });
});

describe("server errors", () => {
  it("a wrong token is 401 UNAUTHORIZED as one SrcClientError with the status, code and message", async () => {
    const error = await createSrcClient({ baseUrl: server.url, token: "wrong-admin-token" })
      .sources.list()
      .catch((thrown: unknown) => thrown);
    expect(SrcClientError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 401,
      code: "UNAUTHORIZED",
      kind: "unauthorized",
      request: "GET /v1/sources",
    });
    expect((error as SrcClientError).body.error.message).toEqual(expect.any(String));
    expect((error as Error).message).not.toContain("wrong-admin-token");
  });

  it("a config of the wrong shape is 422 with every field problem in details", async () => {
    const error = (await client.sources
      .create({
        config: {
          type: "api",
          name: "",
          slug: "Bad Slug",
          api: { baseUrl: "not a url", authType: "bearer", testEndpoint: "me" },
        },
      })
      .catch((thrown: unknown) => thrown)) as SrcClientError;
    expect(error).toMatchObject({ status: 422, kind: "invalid_input" });
    expect(error.details.map((detail) => detail.path)).toEqual(
      expect.arrayContaining(["name", "slug", "api.baseUrl", "api.testEndpoint"]),
    );
    expect(error.body.error.details).toEqual(error.details);
  });

  it("a slug that is taken is 409 conflict; a slug that is not a slug is 422 before any file is read", async () => {
    const slug = unique("beta");
    await client.sources.create({ config: bearerConfig(slug, upstream.url) });
    await expect(client.sources.create({ config: bearerConfig(slug, upstream.url) })).rejects.toMatchObject({
      status: 409,
      code: "DUPLICATE_SLUG",
      kind: "conflict",
    });
    await expect(client.sources.get("../etc")).rejects.toMatchObject({ status: 422, kind: "invalid_input" });
  });

  it("a call the policy refuses is a 403 SrcClientError carrying the server's tool result whole, error.rule included", async () => {
    const slug = unique("denied");
    const config = bearerConfig(slug, upstream.url) as { api: Record<string, unknown> };
    await kept(
      client.sources.create({
        config: { ...config, api: { ...config.api, policy: { deny: ["GET /private/**"] } } },
        credential: { token: upstreamToken },
      }),
    );
    const refused = (await client.tools
      .call(toolOf(slug), { method: "GET", path: "/private/items" })
      .catch((error: unknown) => error)) as SrcClientError;
    expect(SrcClientError.isInstance(refused)).toBe(true);
    expect(refused).toMatchObject({ status: 403, code: "POLICY_DENIED" });
    expect(refused.toolResult).toMatchObject({
      ok: false,
      attempts: 0,
      request: { method: "GET" },
      error: { code: "POLICY_DENIED", rule: "GET /private/**", retryable: false },
    });
    // Other failures carry none.
    const unknown = await client.tools.call("api_nope", { method: "GET", path: "/" }).catch((error: unknown) => error);
    expect((unknown as SrcClientError).toolResult).toBeUndefined();
  });

  it("an unknown tool is 404 not_found", async () => {
    await expect(client.tools.call("api_nope", { method: "GET", path: "/" })).rejects.toMatchObject({
      status: 404,
      kind: "not_found",
    });
  });
});
