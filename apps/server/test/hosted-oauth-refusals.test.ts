import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startBuiltServer, type BuiltServer } from "./console/start-built-server";
import { startUpstream, type Upstream } from "./helpers/start-upstream";
import { createTestHome, linesLeakingSecrets, type TestHome } from "./helpers/test-home";
import { adminAddBearerSource, adminRequest, mcpInitialize, postForm } from "./helpers/server-requests";

const upstreamToken = "upstream-token-refusals-9d2c4b1a";
const redirectUri = "http://127.0.0.1:9/callback";
let testHome: TestHome;
let upstream: Upstream;
let server: BuiltServer;
const secrets: string[] = [upstreamToken];

const admin = (method: string, path: string, body?: unknown) =>
  adminRequest(server.url, testHome.adminToken, method, path, body);
const form = (path: string, fields: Record<string, string>) => postForm(`${server.url}${path}`, fields);
const mcpStatus = async (accessToken: string) => (await mcpInitialize(server.url, accessToken)).status;

beforeAll(async () => {
  testHome = await createTestHome();
  secrets.push(...testHome.secrets);
  upstream = await startUpstream({ token: upstreamToken });
  server = await startBuiltServer(testHome.env, ["--oauth-code-ttl", "2"]);
  await adminAddBearerSource(server.url, testHome.adminToken, {
    slug: "alpha",
    baseUrl: upstream.url,
    token: upstreamToken,
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  expect(linesLeakingSecrets(server?.output().split("\n") ?? [], secrets)).toEqual([]);
  await upstream?.close();
  await testHome?.cleanup();
});

async function register(): Promise<string> {
  const answer = await fetch(`${server.url}/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Refusals", redirect_uris: [redirectUri], token_endpoint_auth_method: "none" }),
  });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { client_id: string }).client_id;
}

/** An authorization request's URL; `omit` leaves parameters out, `set` replaces them. */
async function authorizationUrl(
  clientId: string,
  { omit = [], set = {} }: { omit?: string[]; set?: Record<string, string> } = {},
) {
  const verifier = oauth.generateRandomCodeVerifier();
  const fields: Record<string, string> = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state: "st-1",
    resource: `${server.url}/mcp`,
    ...set,
  };
  for (const name of omit) delete fields[name];
  return { url: `${server.url}/authorize?${new URLSearchParams(fields).toString()}`, verifier };
}

/** The consent as the page gives it, through its API with the admin token: a code for `alpha`. */
async function codeFor(clientId: string): Promise<{ code: string; verifier: string }> {
  const { url, verifier } = await authorizationUrl(clientId);
  expect((await fetch(url)).status).toBe(200);
  const view = (await (await admin("POST", "/v1/oauth/consent", { query: new URL(url).search.slice(1) })).json()) as {
    request: string;
    csrfToken: string;
  };
  const decided = (await (
    await admin("POST", "/v1/oauth/consent/decision", {
      request: view.request,
      csrfToken: view.csrfToken,
      decision: "allow",
      sources: [{ slug: "alpha", readOnly: false }],
      expires: "30d",
    })
  ).json()) as { redirectTo: string };
  const code = new URL(decided.redirectTo).searchParams.get("code")!;
  secrets.push(code, view.csrfToken);
  return { code, verifier };
}

async function exchange(
  clientId: string,
  code: string,
  verifier: string | undefined,
  extra: Record<string, string> = {},
) {
  const answer = await form("/token", {
    grant_type: "authorization_code",
    client_id: clientId,
    code,
    redirect_uri: redirectUri,
    ...(verifier === undefined ? {} : { code_verifier: verifier }),
    resource: `${server.url}/mcp`,
    ...extra,
  });
  const json = (await answer.json()) as {
    access_token?: string;
    refresh_token?: string;
    error?: string;
    error_description?: string;
  };
  if (json.access_token !== undefined) secrets.push(json.access_token, json.refresh_token ?? "");
  return { status: answer.status, json };
}

describe("the embedded authorization server refuses", () => {
  type Change = { omit?: string[]; set?: Record<string, string> };
  /** The query of the redirect an authorization request gets: a 302 to the client's own redirect URI. */
  async function errorRedirect(change: Change) {
    const answer = await fetch((await authorizationUrl(await register(), change)).url, { redirect: "manual" });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get("location")!);
    expect(location.origin + location.pathname).toBe(redirectUri);
    return location.searchParams;
  }

  it.each<{ what: string; change: Change; description: () => string }>([
    {
      what: "a missing resource",
      change: { omit: ["resource"] },
      description: () => `resource is required (RFC 8707): send resource=${server.url}/mcp`,
    },
    {
      what: "a foreign resource",
      change: { set: { resource: "https://other.example.test/mcp" } },
      description: () =>
        `this server issues tokens for ${server.url}/mcp only, not https://other.example.test/mcp: send resource=${server.url}/mcp`,
    },
  ])(
    "$what: invalid_target back to the client, with its state and the issuer (RFC 9207)",
    async ({ change, description }) => {
      const query = await errorRedirect(change);
      expect(query.get("error")).toBe("invalid_target");
      expect(query.get("error_description")).toBe(description());
      expect(query.get("state")).toBe("st-1");
      expect(query.get("iss")).toBe(server.url);
    },
  );

  const pkce = "a PKCE S256 code_challenge with code_challenge_method=S256";
  it.each<{ what: string; change: Change; description: string | (() => string) }>([
    {
      what: "no code challenge at all",
      change: { omit: ["code_challenge", "code_challenge_method"] },
      description: `code_challenge is required: send ${pkce}`,
    },
    {
      what: "PKCE plain",
      change: { set: { code_challenge_method: "plain" } },
      description: `code_challenge_method "plain" is not supported: send ${pkce}`,
    },
    {
      what: "a code challenge without its method",
      change: { omit: ["code_challenge_method"] },
      description: "code_challenge_method is required: send code_challenge_method=S256 (plain is not supported)",
    },
    {
      what: "the implicit flow",
      change: { set: { response_type: "token" } },
      description: 'response_type "token" is not supported: send response_type=code (the authorization code flow)',
    },
    {
      what: "a resource that is not a URL",
      change: { set: { resource: "mcp" } },
      description: () => `resource "mcp" is not an absolute URL: send resource=${server.url}/mcp`,
    },
  ])(
    "$what: invalid_request back to the client, with its state, the issuer and a sentence naming the parameter",
    async ({ change, description }) => {
      const query = await errorRedirect(change);
      expect(query.get("error")).toBe("invalid_request");
      expect(query.get("error_description")).toBe(typeof description === "string" ? description : description());
      expect(query.get("state")).toBe("st-1");
      expect(query.get("iss")).toBe(server.url);
    },
  );

  it("a state given twice: invalid_request with the issuer, and no state to echo", async () => {
    const { url } = await authorizationUrl(await register());
    const answer = await fetch(`${url}&state=st-2`, { redirect: "manual" });
    expect(answer.status).toBe(302);
    const query = new URL(answer.headers.get("location")!).searchParams;
    expect(query.get("error")).toBe("invalid_request");
    expect(query.get("error_description")).toBe(
      "state is given more than once: send one state (the value to get back)",
    );
    expect(query.getAll("state")).toEqual([]);
    expect(query.get("iss")).toBe(server.url);
  });

  const client =
    "the client's client_id (the https URL of its Client ID Metadata Document, or the id POST /register issued)";
  it.each<{ what: string; url: (clientId: string) => Promise<string>; error: string; description: string }>([
    {
      what: "no client_id",
      url: async (clientId) => (await authorizationUrl(clientId, { omit: ["client_id"] })).url,
      error: "invalid_request",
      description: `client_id is required: send ${client}`,
    },
    {
      what: "client_id twice",
      url: async (clientId) => `${(await authorizationUrl(clientId)).url}&client_id=${encodeURIComponent(clientId)}`,
      error: "invalid_request",
      description: `client_id is given more than once: send one client_id (${client})`,
    },
    {
      what: "a redirect_uri that is not a URL",
      url: async (clientId) => (await authorizationUrl(clientId, { set: { redirect_uri: "callback" } })).url,
      error: "invalid_request",
      description: 'redirect_uri "callback" is not an absolute URL: send the redirect URI the client registered',
    },
    {
      what: "an unknown client",
      url: async () => (await authorizationUrl("no-such-client")).url,
      error: "invalid_client",
      description:
        'client_id "no-such-client" is not a client of this server: register the client (POST /register) or send the https URL of a Client ID Metadata Document this server can fetch (the server\'s log says why a document was refused)',
    },
    {
      what: "a redirect URI the client did not register",
      url: async (clientId) =>
        (await authorizationUrl(clientId, { set: { redirect_uri: "http://127.0.0.1:9/elsewhere" } })).url,
      error: "invalid_request",
      description:
        'redirect_uri "http://127.0.0.1:9/elsewhere" is not one the client registered: send one of its registered redirect URIs (any port on a loopback address, RFC 8252)',
    },
  ])(
    "$what: 400 answered directly, never a redirect, in a sentence naming the parameter",
    async ({ url, error, description }) => {
      const answer = await fetch(await url(await register()), { redirect: "manual" });
      expect(answer.status).toBe(400);
      expect(answer.headers.get("location")).toBeNull();
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(await answer.json()).toEqual({ error, error_description: description });
    },
  );

  it("a missing or wrong PKCE verifier, and a token for another resource; the right exchange works once, a replay ends the grant", async () => {
    const clientId = await register();
    const { code, verifier } = await codeFor(clientId);
    const withoutVerifier = await exchange(clientId, code, undefined);
    expect(withoutVerifier.json.error).toBe("invalid_request");
    // A sentence naming the parameter and what to send, not the SDK's schema issues as JSON.
    expect(withoutVerifier.json.error_description).toMatch(
      /^code_verifier: is required; send grant_type=authorization_code with code, code_verifier \(the PKCE verifier/,
    );
    expect((await exchange(clientId, code, oauth.generateRandomCodeVerifier())).json.error).toBe("invalid_grant");
    expect((await exchange(clientId, code, verifier, { resource: "https://other.example.test/mcp" })).json.error).toBe(
      "invalid_target",
    );
    const first = await exchange(clientId, code, verifier);
    expect(first.status).toBe(200);
    expect(await mcpStatus(first.json.access_token!)).toBe(200);
    const replay = await exchange(clientId, code, verifier);
    expect(replay.json.error).toBe("invalid_grant");
    expect(await mcpStatus(first.json.access_token!)).toBe(401);
  });

  it("an expired code", async () => {
    const clientId = await register();
    const { code, verifier } = await codeFor(clientId);
    const issuedAt = Date.now();
    await vi.waitUntil(() => Date.now() > issuedAt + 2500, { timeout: 10_000, interval: 100 });
    const late = await exchange(clientId, code, verifier);
    expect(late.status).toBe(400);
    expect(late.json.error).toBe("invalid_grant");
  });

  it("a reused refresh token, which revokes the whole grant", async () => {
    const clientId = await register();
    const { code, verifier } = await codeFor(clientId);
    const first = await exchange(clientId, code, verifier);
    const refresh = (token: string) =>
      form("/token", {
        grant_type: "refresh_token",
        client_id: clientId,
        refresh_token: token,
        resource: `${server.url}/mcp`,
      });
    const second = (await (await refresh(first.json.refresh_token!)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    secrets.push(second.access_token, second.refresh_token);
    expect(second.refresh_token).not.toBe(first.json.refresh_token);
    expect(await mcpStatus(second.access_token)).toBe(200);
    const reused = await refresh(first.json.refresh_token!);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { error: string }).error).toBe("invalid_grant");
    expect(((await (await refresh(second.refresh_token)).json()) as { error: string }).error).toBe("invalid_grant");
    expect(await mcpStatus(second.access_token)).toBe(401);
    expect(server.output()).toContain('"event":"oauth_refresh_reused"');
  });

  it("a revocation by another client (RFC 7009 §2.1): refused, the grant kept; its own client revokes it", async () => {
    const owner = await register();
    const other = await register();
    const { code, verifier } = await codeFor(owner);
    const issued = await exchange(owner, code, verifier);
    for (const token of [issued.json.refresh_token!, issued.json.access_token!]) {
      const refused = await form("/revoke", { token, client_id: other });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toBe("unauthorized_client");
    }
    expect(await mcpStatus(issued.json.access_token!)).toBe(200);
    expect((await form("/revoke", { token: issued.json.refresh_token!, client_id: owner })).status).toBe(200);
    expect(await mcpStatus(issued.json.access_token!)).toBe(401);
  });

  it("a token of the embedded server on another route than /mcp", async () => {
    const clientId = await register();
    const { code, verifier } = await codeFor(clientId);
    const { json } = await exchange(clientId, code, verifier);
    expect(
      (await fetch(`${server.url}/v1/tools`, { headers: { authorization: `Bearer ${json.access_token!}` } })).status,
    ).toBe(401);
  });
});

describe("switches", () => {
  it("--no-oauth: no metadata, no authorization server, /mcp answers 401 without a challenge; static tokens still work", async () => {
    const home = await createTestHome();
    const plain = await startBuiltServer(home.env, ["--no-oauth"]);
    try {
      expect((await fetch(`${plain.url}/.well-known/oauth-protected-resource/mcp`)).status).toBe(401);
      expect((await fetch(`${plain.url}/.well-known/oauth-authorization-server`)).status).toBe(401);
      const mcp = await fetch(`${plain.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(mcp.status).toBe(401);
      expect(mcp.headers.get("www-authenticate")).toBeNull();
    } finally {
      await plain.stop();
      await home.cleanup();
    }
  });

  it("--no-oauth-dcr: the metadata names no registration endpoint and /register is gone", async () => {
    const home = await createTestHome();
    const noDcr = await startBuiltServer(home.env, ["--no-oauth-dcr"]);
    try {
      const metadata = (await (await fetch(`${noDcr.url}/.well-known/oauth-authorization-server`)).json()) as Record<
        string,
        unknown
      >;
      expect(metadata.registration_endpoint).toBeUndefined();
      expect(metadata.client_id_metadata_document_supported).toBe(true);
      const answer = await fetch(`${noDcr.url}/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: [redirectUri] }),
      });
      expect(answer.status).toBe(404);
    } finally {
      await noDcr.stop();
      await home.cleanup();
    }
  });

  it("--public-url: metadata names the public URL, its host is answered, and a plain-http public address is refused", async () => {
    const home = await createTestHome();
    const behindProxy = await startBuiltServer(home.env, ["--public-url", "https://src.example.test"]);
    try {
      const metadata = (await (
        await fetch(`${behindProxy.url}/.well-known/oauth-protected-resource/mcp`)
      ).json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({
        resource: "https://src.example.test/mcp",
        authorization_servers: ["https://src.example.test"],
      });
      const viaProxy = await fetch(`${behindProxy.url}/healthz`, {
        headers: { host: "src.example.test", origin: "https://src.example.test" },
      });
      expect(viaProxy.status).toBe(200);
      const challenge = await fetch(`${behindProxy.url}/mcp`, {
        method: "POST",
        headers: { host: "src.example.test", "content-type": "application/json" },
        body: "{}",
      });
      expect(challenge.headers.get("www-authenticate")).toContain(
        'resource_metadata="https://src.example.test/.well-known/oauth-protected-resource/mcp"',
      );
    } finally {
      await behindProxy.stop();
    }
    await expect(startBuiltServer(home.env, ["--public-url", "http://src.example.test"])).rejects.toThrow(
      /--public-url.*must be https/,
    );
    await home.cleanup();
  });
});

describe("bodies the OAuth endpoints cannot read", () => {
  /** The answer as text, with its status and content type. */
  const post = async (path: string, contentType: string, body: string) => {
    const answer = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });
    return { status: answer.status, type: answer.headers.get("content-type") ?? "", text: await answer.text() };
  };
  const noInternals = (text: string) => {
    expect(text).not.toMatch(/<pre>|node_modules|\bat [\w.]+ \(|SyntaxError|PayloadTooLargeError/);
  };

  it.each([
    {
      why: "malformed JSON to /register",
      path: "/register",
      contentType: "application/json",
      body: "{bad",
      status: 400,
      error: "invalid_client_metadata",
      says: "send a JSON object of client metadata (RFC 7591)",
    },
    {
      why: "a body that is not JSON to /register",
      path: "/register",
      contentType: "text/plain",
      body: "client_name=agent",
      status: 400,
      error: "invalid_client_metadata",
      says: "the request has no body: it must be a JSON object of client metadata; send the client's metadata (RFC 7591) as a JSON object with Content-Type: application/json",
    },
    {
      why: "a body too large for /register",
      path: "/register",
      contentType: "application/json",
      body: JSON.stringify({ client_name: "x".repeat(1_100_000) }),
      status: 413,
      error: "invalid_request",
      says: "send a smaller one",
    },
    {
      why: "a form too large for /token",
      path: "/token",
      contentType: "application/x-www-form-urlencoded",
      body: `grant_type=${"a".repeat(200_000)}`,
      status: 413,
      error: "invalid_request",
      says: "send a smaller one",
    },
    {
      why: "a JSON body to /token",
      path: "/token",
      contentType: "application/json",
      body: JSON.stringify({ grant_type: "authorization_code", code: "x" }),
      status: 400,
      error: "invalid_request",
      says: "send the token request form-encoded, with Content-Type: application/x-www-form-urlencoded",
    },
    {
      why: "a JSON body to /revoke",
      path: "/revoke",
      contentType: "application/json",
      body: JSON.stringify({ token: "x" }),
      status: 400,
      error: "invalid_request",
      says: "send the revocation request form-encoded",
    },
  ])("answers $why with an OAuth JSON error, never a stack or the server's paths", async (given) => {
    const before = server.output().length;
    const answer = await post(given.path, given.contentType, given.body);
    expect(answer.status).toBe(given.status);
    expect(answer.type).toContain("application/json");
    const body = JSON.parse(answer.text) as { error: string; error_description: string };
    expect(body.error).toBe(given.error);
    expect(body.error_description).toContain(given.says);
    noInternals(answer.text);
    // The server's output stays JSON lines: no stack printed to stderr.
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const line of server
      .output()
      .slice(before)
      .split("\n")
      .filter((text) => text.trim() !== ""))
      expect(() => JSON.parse(line) as unknown, server.output().slice(before)).not.toThrow();
  });
});
