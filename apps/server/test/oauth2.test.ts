import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startUpstream as startRecorder, sendJson } from "@src/http-tool/testing";
import { describe, expect, it } from "vitest";
import { expectMcpCallsReuseOneToken } from "../../../packages/auth-oauth2/test/expect-mcp-calls-reuse-token";
import { startAuthorizationServer } from "../../../packages/auth-oauth2/test/start-authorization-server";
import { runCli } from "./helpers/run-cli";
import { createTestHome, linesLeakingSecrets, type TestHome } from "./helpers/test-home";
import { startTestServer, type ApiAnswer, type TestServer } from "./helpers/test-server";
import { useFileSetup, useTestSetup } from "./helpers/use-setup";

// OAuth 2.0 through the server: client credentials calls over POST /v1/tools/{name}/call and /mcp, the sign-in routes
// (authorization code with PKCE, the test following the URL like a browser), against a real authorization server in
// its own process (oauth2-mock-server on 127.0.0.1) and an API that accepts only the tokens that server issued.
const clientId = "crm-agent";
const clientSecret = "srv-oauth-cl13nt-s3cret-9a8b7c";
const outputs: string[] = [];

/** A call of the server's API with the admin token (or `token`), its answer kept for the final scan. */
async function request(
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null } = {},
): Promise<ApiAnswer> {
  const answer = await setup.server.api(method, path, options);
  outputs.push(answer.text);
  return answer;
}

/** What a browser does with a URL: GET it without any token, following nothing. */
async function browse(
  url: string,
): Promise<{ status: number; location: string | null; text: string; headers: Headers }> {
  const response = await fetch(url, { redirect: "manual" });
  const text = await response.text();
  outputs.push(text);
  return { status: response.status, location: response.headers.get("location"), text, headers: response.headers };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any JSON answer
const call = async (tool: string, input: Record<string, unknown>): Promise<any> =>
  (await request("POST", `/v1/tools/${tool}/call`, { body: input })).json as unknown;
const tokenRequests = async () => (await file.authorization.state()).requests.length;

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return Promise.all(
    entries.filter((entry) => entry.isFile()).map((entry) => readFile(join(entry.parentPath, entry.name), "latin1")),
  );
}

/** For the file: the authorization server, a page of another origin (127.0.0.2) and the API that accepts its tokens. */
const file = useFileSetup(async (keep) => {
  const authorization = await keep(startAuthorizationServer({ clientId, clientSecret }), (started) => started.stop());
  const otherOrigin = await keep(
    startRecorder((_request, response) => sendJson(response, 200, {}), { host: "127.0.0.2" }),
    (started) => started.close(),
  );
  const api = await keep(
    startRecorder(async (_request, response, recorded) => {
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
      if (recorded.url === "/v1/redirect-away") return answer(302, {}, { location: `${otherOrigin.url}/steal` });
      if (recorded.url === "/v1/redirect-here") return answer(302, {}, { location: "/v1/items" });
      if (recorded.url === "/v1/always-401") return answer(401, { error: "invalid_token" });
      const bearer = recorded.headers.authorization ?? "";
      return (await authorization.accepts(bearer.replace(/^Bearer /, "")))
        ? answer(200, { path: recorded.url, authorization: bearer })
        : answer(401, { error: "invalid_token" });
    }),
    (started) => started.close(),
  );
  return { authorization, otherOrigin, apiUrl: `${api.url}/v1` };
});

// A home and a server per test, and the authorization server's token lifetime back to an hour: each test creates (and
// signs in to) the sources it needs, so it runs alone, in any order, and again.
const setup = useTestSetup(async (keep) => {
  const testHome = await keep(createTestHome(), (home) => home.cleanup());
  testHome.secrets.push(clientSecret);
  outputs.length = 0;
  file.otherOrigin.requests.length = 0;
  await file.authorization.settings({ tokenTtl: 3600 });
  const server = await keep(startTestServer(testHome), async (started) => {
    await started.server.close();
    await expectNoSecretLeaked(testHome, started);
  });
  return { testHome, server };
});

/** After a test: no log line, answer, file under SRC_HOME or request to the other origin holds a secret or token. */
async function expectNoSecretLeaked(testHome: TestHome, server: TestServer): Promise<void> {
  const secrets = [...testHome.secrets, ...(await file.authorization.state()).issued];
  expect(linesLeakingSecrets(server.logs.lines, secrets), "a token or the client secret in a log line").toEqual([]);
  expect(linesLeakingSecrets(outputs, secrets), "a token or the client secret in an answer").toEqual([]);
  expect(
    linesLeakingSecrets(await filesUnder(testHome.home), secrets),
    "a token or the client secret in a file under SRC_HOME",
  ).toEqual([]);
  expect(
    linesLeakingSecrets(
      file.otherOrigin.requests.map((seen) => JSON.stringify(seen.headers)),
      secrets,
    ),
    "a token sent to another origin",
  ).toEqual([]);
}

/** The record of the OAuth 2.0 source SLUG called NAME on this file's API and authorization server, `api` added. */
const oauth2Config = (name: string, slug: string, api: Record<string, unknown>) => ({
  type: "api",
  name,
  slug,
  enabled: true,
  api: { baseUrl: file.apiUrl, authType: "oauth2", testEndpoint: "/me", tokenUrl: file.authorization.tokenUrl, ...api },
});

const crmConfig = () =>
  oauth2Config("CRM", "crm", { grant: "client_credentials", scopes: ["read:items", "write:items"] });

/** The client credentials source "crm", validated (it holds a token the API accepts). */
async function createCrm(): Promise<void> {
  const created = await request("POST", "/v1/sources", {
    body: { config: crmConfig(), credential: { clientId, clientSecret } },
  });
  expect(created.status, created.text).toBe(201);
}

describe("client credentials through the server", () => {
  it("POST /v1/sources validates at once; calls over POST /v1/tools/{name}/call reuse the token", async () => {
    const created = await request("POST", "/v1/sources", {
      body: { config: crmConfig(), credential: { clientId, clientSecret } },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.validation).toMatchObject({ status: "connected", ok: true });
    const before = await tokenRequests();
    for (let index = 0; index < 4; index += 1) {
      expect(await call("api_crm", { method: "GET", path: "/items" })).toMatchObject({
        ok: true,
        status: 200,
        attempts: 1,
        body: { value: { authorization: "Bearer [REDACTED]" } },
      });
    }
    expect(await tokenRequests()).toBe(before);
  });

  it("after the API stops accepting the token, 16 concurrent calls each retry once at most, with one token request between them", async () => {
    await createCrm();
    await file.authorization.revokeAccessTokens();
    const before = await tokenRequests();
    const results = await Promise.all(
      Array.from({ length: 16 }, () => call("api_crm", { method: "GET", path: "/items" })),
    );
    for (const result of results) expect(result).toMatchObject({ ok: true, status: 200 });
    expect(results.map((result: { attempts: number }) => result.attempts).sort()).toContain(2);
    expect(Math.max(...results.map((result: { attempts: number }) => result.attempts))).toBe(2);
    expect(await tokenRequests()).toBe(before + 1);
  });

  it("a second 401 is the result: one retry with a new token, no loop", async () => {
    await createCrm();
    const before = await tokenRequests();
    const result = await call("api_crm", { method: "GET", path: "/always-401" });
    expect(result).toMatchObject({ ok: false, status: 401, attempts: 2 });
    expect(await tokenRequests()).toBe(before + 1);
  });

  it("a redirect on the source's origin carries the token; one to another origin is not followed and the other origin gets nothing", async () => {
    await createCrm();
    expect(await call("api_crm", { method: "GET", path: "/redirect-here" })).toMatchObject({
      ok: true,
      status: 200,
      body: { value: { path: "/v1/items" } },
    });
    const away = await call("api_crm", { method: "GET", path: "/redirect-away" });
    expect(away).toMatchObject({ ok: false, error: { code: "REDIRECT_BLOCKED" } });
    expect(file.otherOrigin.requests).toEqual([]);
  });

  it("GET /v1/tools?verbose=1 and /tools -v say the source uses OAuth 2.0 and which scopes", async () => {
    await createCrm();
    const tools = (await request("GET", "/v1/tools?verbose=1")).json.tools as { name: string; description: string }[];
    expect(tools.find((tool) => tool.name === "api_crm")?.description).toMatch(
      /OAuth 2\.0 \(client credentials grant\) with the scopes read:items write:items/,
    );
    const command = await request("POST", "/v1/commands", { body: { command: "/tools -v" } });
    expect(command.json.text).toMatch(/OAuth 2\.0 \(client credentials grant\) with the scopes read:items write:items/);
  });

  it("over /mcp (official MCP SDK client): the tool description names OAuth 2.0 and the scopes; calls reuse the token", async () => {
    await createCrm();
    const transport = new StreamableHTTPClientTransport(new URL(`${setup.server.server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${setup.testHome.adminToken}` } },
    });
    const client = new Client({ name: "oauth2-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === "api_crm")?.description).toMatch(
        /OAuth 2\.0 \(client credentials grant\) with the scopes read:items write:items/,
      );
      await call("api_crm", { method: "GET", path: "/items" }); // a token the API accepts (the last call's retry was refused)
      await expectMcpCallsReuseOneToken({ client, tool: "api_crm", authorization: file.authorization, outputs });
    } finally {
      await client.close();
    }
  });

  it("GET /v1/sources/{slug}/auth is the status, never a token; sign-in is refused for this grant", async () => {
    await createCrm();
    const status = await request("GET", "/v1/sources/crm/auth");
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({
      slug: "crm",
      authType: "oauth2",
      hasCredential: true,
      grant: "client_credentials",
      scopes: ["read:items", "write:items"],
      hasAccessToken: true,
      hasRefreshToken: false,
      signedIn: true,
    });
    expect(Date.parse(status.json.accessTokenExpiresAt)).toBeGreaterThan(Date.now());
    const login = await request("POST", "/v1/sources/crm/auth/login");
    expect([login.status, login.json.error.code]).toEqual([409, "SIGN_IN_NOT_POSSIBLE"]);
    expect(login.json.error.message).toMatch(/client_credentials grant, which needs no sign-in/);
  });
});

const deskConfig = (slug = "desk") =>
  oauth2Config("Desk", slug, {
    authorizationUrl: file.authorization.authorizationUrl,
    grant: "authorization_code",
    scopes: ["tickets"],
  });

/** Starts a sign-in of `slug` and plays the browser up to the redirect to the server: the callback URL, not yet opened. */
async function signInRedirect(slug: string, target: TestServer = setup.server): Promise<string> {
  const started = await target.api("POST", `/v1/sources/${slug}/auth/login`);
  outputs.push(started.text);
  expect(started.status, started.text).toBe(200);
  const authorize = await browse(started.json.authorizationUrl);
  expect(authorize.status).toBe(302);
  return authorize.location!;
}

/** The authorization code source `slug`, not signed in yet. */
async function createDesk(slug = "desk"): Promise<void> {
  const created = await request("POST", "/v1/sources", {
    body: { config: deskConfig(slug), credential: { clientId, clientSecret } },
  });
  expect(created.status, created.text).toBe(201);
}

/** The source "desk", signed in through the server's routes (its tokens stored). */
async function createSignedInDesk(): Promise<void> {
  await createDesk();
  const page = await browse(await signInRedirect("desk"));
  expect(page.status, page.text).toBe(200);
}

describe("authorization code with PKCE through the server's sign-in routes", () => {
  it("POST …/auth/login answers the URL; the browser's redirect to the server completes the grant, stores the tokens and tests the source", async () => {
    const created = await request("POST", "/v1/sources", {
      body: { config: deskConfig(), credential: { clientId, clientSecret } },
    });
    expect(created.status).toBe(201);
    expect((await request("GET", "/v1/sources/desk/auth")).json).toMatchObject({
      signedIn: false,
      hasAccessToken: false,
      hasRefreshToken: false,
    });

    const started = await request("POST", "/v1/sources/desk/auth/login");
    expect(started.status, started.text).toBe(200);
    expect(started.json.redirectUri).toBe(`${setup.server.server.url}/v1/auth/callback`);
    expect(Date.parse(started.json.expiresAt)).toBeGreaterThan(Date.now() + 9 * 60_000);
    const url = new URL(started.json.authorizationUrl as string);
    expect(url.origin + url.pathname).toBe(file.authorization.authorizationUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: clientId,
      scope: "tickets",
      code_challenge_method: "S256",
      redirect_uri: started.json.redirectUri,
    });
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);

    const authorize = await browse(url.href);
    expect(authorize.location).toMatch(new RegExp(`^${setup.server.server.url}/v1/auth/callback\\?code=`));
    const page = await browse(authorize.location!);
    expect(page.status, page.text).toBe(200);
    expect(page.text).toMatch(/Signed in to &quot;desk&quot;/);
    expect(page.text).toMatch(/test call succeeded \(connected\)/);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await file.authorization.state()).requests.at(-1)?.grant).toBe("authorization_code");

    const status = await request("GET", "/v1/sources/desk/auth");
    expect(status.json).toMatchObject({
      slug: "desk",
      grant: "authorization_code",
      scopes: ["tickets"],
      hasAccessToken: true,
      hasRefreshToken: true,
      signedIn: true,
      accessTokenExpired: false,
    });
    expect((await request("GET", "/v1/sources/desk")).json.source.status.connectionStatus).toBe("connected");
    expect(await call("api_desk", { method: "GET", path: "/tickets" })).toMatchObject({ ok: true, status: 200 });

    // The same redirect again (a replay): refused, and the stored sign-in is untouched.
    const replay = await browse(authorize.location!);
    expect(replay.status).toBe(422);
    expect(replay.text).toMatch(/already used \(each works once\).*SIGN_IN_STATE_INVALID/);
    expect((await request("GET", "/v1/sources/desk/auth")).json).toMatchObject({
      signedIn: true,
      hasRefreshToken: true,
    });
  });

  it.each([
    {
      why: "an unknown state",
      query: "?code=stolen&state=forged-state-value",
      message: /this sign-in link is unknown/,
    },
    { why: "no state at all", query: "?code=stolen", message: /no state parameter/ },
  ])("the redirect route refuses $why with a clear page, no token needed", async ({ query, message }) => {
    const page = await browse(`${setup.server.server.url}/v1/auth/callback${query}`);
    expect(page.status).toBe(422);
    expect(page.text).toMatch(message);
    expect(page.text).toMatch(/start the sign-in again/);
  });

  it("a refused sign-in (error=access_denied) is a clear page naming the server's error; the state is used up", async () => {
    await createDesk();
    const callback = new URL(await signInRedirect("desk"));
    const refused = `${setup.server.server.url}/v1/auth/callback?error=access_denied&state=${callback.searchParams.get("state")!}`;
    const page = await browse(refused);
    expect(page.status).toBe(422);
    expect(page.text).toMatch(/refused the sign-in with &quot;access_denied&quot;.*NEEDS_AUTH/);
    expect(page.text).toMatch(/POST \/v1\/sources\/desk\/auth\/login/);
    expect((await browse(callback.href)).status).toBe(422);
  });

  it("a redirect after the sign-in's lifetime is refused as expired", async () => {
    await createDesk();
    const shortLived = await startTestServer(setup.testHome, { limits: { signInLifetimeMs: 300 } });
    try {
      const callback = await signInRedirect("desk", shortLived);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(callback.startsWith(`${shortLived.server.url}/v1/auth/callback?`)).toBe(true);
      const page = await browse(callback);
      expect(page.status).toBe(422);
      expect(page.text).toMatch(
        /the sign-in of source &quot;desk&quot; expired.*POST \/v1\/sources\/desk\/auth\/login/,
      );
    } finally {
      await shortLived.server.close();
    }
  });

  it("takes a redirectUri for a server reached at another address (a TLS proxy)", async () => {
    await createDesk();
    const started = await request("POST", "/v1/sources/desk/auth/login", {
      body: { redirectUri: "https://src.example.com/v1/auth/callback" },
    });
    expect(started.status, started.text).toBe(200);
    expect(new URL(started.json.authorizationUrl as string).searchParams.get("redirect_uri")).toBe(
      "https://src.example.com/v1/auth/callback",
    );
    const wrong = await request("POST", "/v1/sources/desk/auth/login", {
      body: { redirectUri: "javascript:alert(1)" },
    });
    expect([wrong.status, wrong.json.error.details[0].path]).toEqual([422, "redirectUri"]);
  });

  it("expired tokens are refreshed; the refresh token the server rotates is the one the CLI uses next, and back", async () => {
    await createSignedInDesk();
    await file.authorization.settings({ tokenTtl: 5 }); // inside the 30 s margin: every call refreshes
    await file.authorization.revokeAccessTokens(); // the sign-in's token is refused: a 401, refreshed with the sign-in's refresh token
    try {
      const before = await tokenRequests();
      expect(await call("api_desk", { method: "GET", path: "/tickets" })).toMatchObject({ ok: true, status: 200 });
      const cli = await runCli(["call", "desk", "GET", "/tickets", "--json"], { env: setup.testHome.env });
      outputs.push(cli.stdout, cli.stderr);
      expect(JSON.parse(cli.stdout), cli.stderr).toMatchObject({ ok: true, status: 200 });
      expect(await call("api_desk", { method: "GET", path: "/tickets" })).toMatchObject({ ok: true, status: 200 });
      // Each refresh used the refresh token the other process rotated (a used one is refused with invalid_grant).
      expect((await file.authorization.state()).requests.slice(before).map((entry) => entry.grant)).toEqual([
        "refresh_token",
        "refresh_token",
        "refresh_token",
      ]);
    } finally {
      await file.authorization.settings({ tokenTtl: 3600 });
    }
  });

  it("a revoked refresh token is AUTH_FAILED naming invalid_grant and how to sign in again; the status says signed in until then", async () => {
    // Tokens issued inside the 30 s margin from the sign-in on: the next call must refresh, and the refresh token is revoked.
    await file.authorization.settings({ tokenTtl: 5 });
    try {
      await createSignedInDesk();
      await file.authorization.revokeRefreshTokens();
      const result = await call("api_desk", { method: "GET", path: "/tickets" });
      expect(result).toMatchObject({ ok: false, error: { code: "AUTH_FAILED", retryable: false } });
      expect(result.error.message).toMatch(
        /"invalid_grant".*src auth login desk.*POST \/v1\/sources\/desk\/auth\/login/,
      );
    } finally {
      await file.authorization.settings({ tokenTtl: 3600 });
    }
  });

  it("DELETE …/auth forgets the tokens and keeps the client id and secret: a new sign-in works", async () => {
    await createSignedInDesk();
    expect((await request("DELETE", "/v1/sources/desk/auth")).json).toMatchObject({ slug: "desk", forgotten: true });
    expect((await request("GET", "/v1/sources/desk/auth")).json).toMatchObject({
      hasCredential: true,
      hasAccessToken: false,
      hasRefreshToken: false,
      signedIn: false,
    });
    expect((await request("DELETE", "/v1/sources/desk/auth")).json).toEqual({ slug: "desk", forgotten: false });
    const page = await browse(await signInRedirect("desk"));
    expect(page.status, page.text).toBe(200);
    expect((await request("GET", "/v1/sources/desk/auth")).json).toMatchObject({
      signedIn: true,
      hasRefreshToken: true,
    });
  });
});

describe("who may use the sign-in routes", () => {
  it("an agent token gets 403 on …/auth/login and …/auth (GET and DELETE)", async () => {
    await createDesk();
    const created = await setup.server.api("POST", "/v1/tokens", { body: { name: "oauth-agent" } }); // the one answer that shows a token: not scanned
    setup.testHome.secrets.push(created.json.token);
    for (const [method, path] of [
      ["POST", "/v1/sources/desk/auth/login"],
      ["GET", "/v1/sources/desk/auth"],
      ["DELETE", "/v1/sources/desk/auth"],
    ] as const) {
      const answer = await request(method, path, { token: created.json.token });
      expect([answer.status, answer.json.error.code], path).toEqual([403, "FORBIDDEN"]);
    }
    expect((await request("POST", "/v1/sources/desk/auth/login", { token: null })).status).toBe(401);
  });

  it("a source whose auth mode has no sign-in is 409 NO_SIGN_IN; an unknown one 404", async () => {
    const bearer = await request("POST", "/v1/sources", {
      body: {
        config: {
          type: "api",
          name: "Plain",
          slug: "plain",
          enabled: true,
          api: { baseUrl: file.apiUrl, authType: "bearer", testEndpoint: "/me" },
        },
        credential: { token: "plain-token-value-123" },
      },
    });
    setup.testHome.secrets.push("plain-token-value-123");
    expect(bearer.status).toBe(201);
    for (const [method, path] of [
      ["POST", "/v1/sources/plain/auth/login"],
      ["GET", "/v1/sources/plain/auth"],
    ] as const) {
      const answer = await request(method, path);
      expect([answer.status, answer.json.error.code]).toEqual([409, "NO_SIGN_IN"]);
      expect(answer.json.error.message).toMatch(/uses auth type "bearer"/);
    }
    expect((await request("GET", "/v1/sources/nope/auth")).status).toBe(404);
  });

  it("the routes are in /openapi.json; the redirect route needs no token", async () => {
    const document = (await request("GET", "/openapi.json")).json;
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/v1/sources/{slug}/auth/login", "/v1/sources/{slug}/auth", "/v1/auth/callback"]),
    );
    expect(document.paths["/v1/auth/callback"].get.security).toEqual([]);
  });
});
