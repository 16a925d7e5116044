import { readFile, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuthorizationServer } from "../../../packages/auth-oauth2/test/start-authorization-server";
import { expectMcpCallsReuseOneToken } from "../../../packages/auth-oauth2/test/expect-mcp-calls-reuse-token";
import { startAuthorizationServer } from "../../../packages/auth-oauth2/test/start-authorization-server";
import {
  startTokenCheckingApi,
  type TokenCheckingApi,
} from "../../../packages/auth-oauth2/test/start-token-checking-api";
import { runSrc, type RunResult } from "./helpers/run-src";
import { loginFollowingPrintedUrl as followPrintedLogin } from "./helpers/login-following-printed-url";
import { oauth2OpenApiDocument } from "./helpers/openapi-document";
import { scopeFlags, sourceAddArgs } from "./helpers/source-add-args";
import { createTempHome, expectNoSecretLeaked, type TempHome } from "./helpers/temp-home";
import { srcMcpTransport } from "./helpers/src-mcp-transport";

// OAuth 2.0 end to end through the built CLI, against a real authorization server in its own process
// (oauth2-mock-server on 127.0.0.1) and an API that accepts only the tokens that server issued.
const clientId = "crm-agent";
const clientSecret = "oauth-cl13nt-s3cret-7f6e5d";
let temp: TempHome;
let authorization: AuthorizationServer;
let api: TokenCheckingApi;
let apiUrl = "";
const outputs: string[] = [];

async function src(args: string[], stdin?: string): Promise<RunResult> {
  const result = await runSrc(args, { env: temp.env, stdin, cwd: temp.home });
  outputs.push(result.stdout, result.stderr);
  return result;
}

const tokenRequests = async () => (await authorization.state()).requests.length;

/** `src source add` of the OAuth 2.0 source NAME on this file's API and authorization server, then `flags`. */
const addOAuth2Args = (name: string, ...flags: string[]): string[] =>
  sourceAddArgs(
    { name, baseUrl: apiUrl },
    ...["--auth", "oauth2", "--token-url", authorization.tokenUrl, "--client-id", clientId, ...flags],
  );
/** The client credentials grant with the scope read:items. */
const clientCredentials = ["--grant", "client_credentials", ...scopeFlags("read:items")];
/** The authorization code grant at the authorization server's authorization URL. */
const authorizationCode = (): string[] => [
  ...["--authorization-url", authorization.authorizationUrl],
  ...["--grant", "authorization_code"],
];

beforeAll(async () => {
  authorization = await startAuthorizationServer({ clientId, clientSecret });
  api = await startTokenCheckingApi((token) => authorization.accepts(token), { echoAuthorization: true });
  apiUrl = api.url;
}, 60_000);

afterAll(async () => {
  await api.close();
  await authorization.stop();
}, 60_000);

// A home per test, and the authorization server's token lifetime back to an hour: each test adds (and signs in to)
// the sources it needs, so it runs alone, in any order, and again.
beforeEach(async () => {
  temp = await createTempHome();
  outputs.length = 0;
  await authorization.settings({ tokenTtl: 3600, tokenDelayMs: 0 });
});

afterEach(async () => {
  const secrets = [clientSecret, ...(await authorization.state()).issued];
  await expectNoSecretLeaked(secrets, outputs, temp);
  await temp.cleanup();
}, 60_000);

/** The client credentials source "crm" (scope read:items), validated. */
async function addCrm(): Promise<void> {
  const added = await src(addOAuth2Args("CRM", ...clientCredentials, "--credential-stdin"), clientSecret);
  expect(added.code, added.stderr).toBe(0);
}

/** The authorization code source "desk", signed in (its tokens saved). */
async function addSignedInDesk(): Promise<void> {
  const added = await src(addOAuth2Args("Desk", ...authorizationCode(), "--credential-stdin"), clientSecret);
  expect(added.code, added.stderr).toBe(0);
  const login = await loginFollowingPrintedUrl("desk");
  expect(login.code, login.stderr).toBe(0);
}

describe("src with --auth oauth2, client credentials", () => {
  it("source add validates at once; later calls in new processes reuse the saved token; tools -v names OAuth 2.0 and the scopes", async () => {
    const added = await src(addOAuth2Args("CRM", ...clientCredentials, "--credential-stdin", "--json"), clientSecret);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      source: { slug: "crm", api: { authType: "oauth2", scopes: ["read:items"] } },
      validation: { status: "connected" },
    });
    const before = await tokenRequests();
    for (let call = 0; call < 3; call += 1) {
      const result = await src(["call", "crm", "GET", "/items", "--json"]);
      expect(JSON.parse(result.stdout)).toMatchObject({
        ok: true,
        status: 200,
        body: { value: { authorization: "Bearer [REDACTED]" } },
      });
    }
    expect(await tokenRequests()).toBe(before);
    const tools = await src(["tools", "-v"]);
    expect(tools.stdout).toMatch(/OAuth 2\.0 \(client credentials grant\) with the scopes read:items/);
  });

  it("auth status shows the grant, scopes and expiry, never a token", async () => {
    await addCrm();
    const status = await src(["auth", "status", "crm", "--json"]);
    expect(status.code).toBe(0);
    const report = JSON.parse(status.stdout);
    expect(report).toMatchObject({
      slug: "crm",
      grant: "client_credentials",
      scopes: ["read:items"],
      hasAccessToken: true,
      hasRefreshToken: false,
      signedIn: true,
    });
    expect(Date.parse(report.accessTokenExpiresAt)).toBeGreaterThan(Date.now());
  });

  it("a token URL moved to another origin (an edit, or config.json by hand) gets no stored secret until it is set again", async () => {
    const elsewhere: { authorization: string | undefined; body: string }[] = [];
    const other = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        elsewhere.push({ authorization: request.headers.authorization, body });
        response.writeHead(400, { "content-type": "application/json" }).end('{"error":"invalid_client"}');
      });
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.2", resolve));
    try {
      await addCrm();
      expect((await src(["auth", "logout", "crm"])).code).toBe(0);
      const otherTokenUrl = `http://127.0.0.2:${(other.address() as AddressInfo).port}/token`;
      const edited = await src(["source", "edit", "crm", "--token-url", otherTokenUrl, "--json"]);
      expect(edited.code, edited.stderr).toBe(0);
      expect(JSON.parse(edited.stdout).source.status).toMatchObject({ connectionStatus: "untested" });
      expect(JSON.parse(edited.stdout).source.status.lastError).toContain("never sent to the new one");
      expect((await src(["source", "test", "crm"])).code).not.toBe(0);
      expect((await src(["call", "crm", "GET", "/items", "--json"])).code).not.toBe(0);
      // The same by hand: config.json edited, then reloaded.
      const file = join(temp.home, "sources", "crm", "config.json");
      await src(["source", "edit", "crm", "--token-url", authorization.tokenUrl]);
      expect((await src(["credential", "set", "crm", "--credential-stdin"], clientSecret)).code).toBe(0);
      expect((await src(["auth", "logout", "crm"])).code).toBe(0);
      const config = JSON.parse(await readFile(file, "utf8")) as { api: { tokenUrl: string } };
      config.api.tokenUrl = otherTokenUrl;
      await writeFile(file, JSON.stringify(config, null, 2));
      expect((await src(["source", "reload", "crm"])).code).not.toBe(0);
      expect(elsewhere).toEqual([]);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("a 401 from the API gets a new token and retries once (attempts 2)", async () => {
    await addCrm();
    await authorization.revokeAccessTokens();
    const result = await src(["call", "crm", "GET", "/items", "--json"]);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, status: 200, attempts: 2 });
  });
});

/** `src auth login SLUG`, the browser played by following the printed URL; the outputs join this file's scan. */
const loginFollowingPrintedUrl = (slug: string): Promise<RunResult> =>
  followPrintedLogin(slug, temp.env, (...printed) => outputs.push(...printed));

/**
 * A token endpoint that answers its first request at once, with a token due for renewal within a second (30 s
 * margin), and holds the requests `holds` picks until told; the API beside it records the bearer token of each call.
 */
async function startHeldTokenEndpoint(holds: (request: number) => boolean) {
  const held: (() => void)[] = [];
  const issued: string[] = [];
  const sentTokens: string[] = [];
  const server = createServer((request, response) => {
    if (request.url !== "/token") {
      sentTokens.push((request.headers.authorization ?? "").replace(/^Bearer /, ""));
      return void response.writeHead(200, { "content-type": "application/json" }).end("{}");
    }
    const number = issued.length + 1;
    const token = `held-access-token-${number}-5e4d3c`;
    issued.push(token);
    const answer = () =>
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ access_token: token, token_type: "Bearer", expires_in: number === 1 ? 31 : 3600 }));
    if (holds(number)) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held,
    issued,
    sentTokens,
    async close(): Promise<void> {
      for (const answer of held.splice(0)) answer();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Adds the client credentials source "held" at `endpoint`, gets its first token, and starts a call in a process of
 * its own that must renew it: resolves once that process's token request is held, with the call still running.
 */
async function startHeldRenewal(endpoint: Awaited<ReturnType<typeof startHeldTokenEndpoint>>) {
  const added = await src(
    sourceAddArgs(
      { name: "Held", baseUrl: `${endpoint.base}/v1` },
      ...["--auth", "oauth2", "--token-url", `${endpoint.base}/token`, "--client-id", clientId],
      ...["--grant", "client_credentials", "--credential-stdin", "--no-test"],
    ),
    clientSecret,
  );
  expect(added.code, added.stderr).toBe(0);
  expect((await src(["call", "held", "GET", "/me"])).code).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const call = src(["call", "held", "GET", "/me"]);
  await expect.poll(() => endpoint.held.length, { timeout: 30_000 }).toBe(1);
  return { call }; // wrapped: an async function's returned promise would be awaited with it
}

describe("a sign-out while another process is getting a token", () => {
  it("wins: the token that process got is not saved, and its call says why", async () => {
    const endpoint = await startHeldTokenEndpoint((request) => request > 1);
    try {
      const { call } = await startHeldRenewal(endpoint);
      const logout = await src(["auth", "logout", "held"]);
      expect(logout.code, logout.stderr).toBe(0);
      endpoint.held.shift()!();
      const called = await call;
      expect(called.code).not.toBe(0);
      expect(called.stderr).toContain(
        'source "held" was signed out, or its credential removed, while this call was getting a token; nothing was saved',
      );
      const status = JSON.parse((await src(["--json", "auth", "status", "held"])).stdout) as {
        hasAccessToken: boolean;
      };
      expect(status.hasAccessToken).toBe(false);
      for (const output of outputs) for (const token of endpoint.issued) expect(output).not.toContain(token);
    } finally {
      await endpoint.close();
    }
  });
});

describe("a credential stored anew while another process is getting a token", () => {
  it("stays: the token that process got for the credential it replaced is not saved, and its call says why", async () => {
    const endpoint = await startHeldTokenEndpoint((request) => request === 2);
    try {
      const { call } = await startHeldRenewal(endpoint);
      // The operator stores the client secret again (a new one) while that process waits. The command stores it at
      // once (the vault file changes), then its test waits for the credential's lock to get token 3.
      const vaultFile = join(temp.home, "vault.json");
      const before = await stat(vaultFile);
      const storing = src(["credential", "set", "held", "--credential-stdin"], `${clientSecret}-rotated`);
      await expect
        .poll(
          async () => {
            const now = await stat(vaultFile);
            return now.mtimeMs !== before.mtimeMs || now.ino !== before.ino;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      endpoint.held.shift()!();
      const called = await call;
      const stored = await storing;
      expect(stored.code, stored.stderr).toBe(0);
      expect(called.code).not.toBe(0);
      expect(called.stderr).toContain(
        'the credential of source "held" was stored anew while this call was renewing its token; nothing was saved',
      );
      // What stays stored is what the operator's command stored: the next call sends token 3, never token 2 (got
      // with the client secret it replaced).
      expect((await src(["call", "held", "GET", "/me"])).code).toBe(0);
      expect(endpoint.sentTokens.at(-1)).toBe(endpoint.issued[2]);
      expect(endpoint.issued).toHaveLength(3);
      for (const output of outputs) for (const token of endpoint.issued) expect(output).not.toContain(token);
    } finally {
      await endpoint.close();
    }
  });
});

describe("src source add --openapi with an OAuth 2.0 security scheme", () => {
  it("takes the grant and the token endpoint from the document's client credentials flow, names its scopes, and validates", async () => {
    const documentFile = join(temp.home, "crm-openapi.json");
    await writeFile(
      documentFile,
      oauth2OpenApiDocument({
        title: "CRM From Document",
        version: "2.0.0",
        serverUrl: apiUrl,
        oauth2Flows: {
          clientCredentials: {
            tokenUrl: authorization.tokenUrl,
            scopes: { "read:items": "read items", "write:items": "write items" },
          },
        },
        gets: { "/me": "getMe" },
      }),
    );
    const added = await src(
      ["source", "add", "--openapi", documentFile, "--client-id", clientId, "--credential-stdin"],
      clientSecret,
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(
      'Auth taken from the document\'s security scheme "oauth" (OAuth 2.0, client credentials grant); its scopes are read:items write:items: request those the agent needs with --scope (none is requested now).',
    );
    const shown = await src(["--json", "source", "show", "crm-from-document"]);
    expect(JSON.parse(shown.stdout)).toMatchObject({
      source: {
        api: {
          authType: "oauth2",
          grant: "client_credentials",
          tokenUrl: authorization.tokenUrl,
          scopes: [],
          baseUrl: apiUrl,
          testEndpoint: "/me",
        },
        status: { connectionStatus: "connected" },
      },
    });
    const withScope = await src(
      [
        "--json",
        "source",
        "add",
        "--openapi",
        documentFile,
        "--slug",
        "crm-scoped",
        "--scope",
        "read:items",
        "--client-id",
        clientId,
        "--credential-stdin",
      ],
      clientSecret,
    );
    expect(withScope.code, withScope.stderr).toBe(0);
    expect(JSON.parse(withScope.stdout)).toMatchObject({
      source: { api: { scopes: ["read:items"], tokenUrl: authorization.tokenUrl } },
      validation: { ok: true },
    });
  });
});

describe("src with --auth oauth2, authorization code with PKCE", () => {
  it("source add does not test before sign-in; auth login --no-browser prints the URL, receives the redirect, saves the tokens and validates", async () => {
    const added = await src(addOAuth2Args("Desk", ...authorizationCode(), "--credential-stdin"), clientSecret);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse((await src(["auth", "status", "desk", "--json"])).stdout)).toMatchObject({
      signedIn: false,
      hasRefreshToken: false,
    });
    const login = await loginFollowingPrintedUrl("desk");
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toMatch(/code_challenge_method=S256/);
    expect(login.stdout).toMatch(/Signed in to "desk"/);
    expect(JSON.parse((await src(["auth", "status", "desk", "--json"])).stdout)).toMatchObject({
      grant: "authorization_code",
      signedIn: true,
      hasRefreshToken: true,
    });
  });

  it("expired tokens are refreshed; the refresh token each process rotates is the one the next process uses", async () => {
    await addSignedInDesk();
    await authorization.settings({ tokenTtl: 5 }); // inside the 30 s margin: every call refreshes
    await authorization.revokeAccessTokens(); // the login's token is refused: a 401, refreshed with the login's refresh token
    const before = (await authorization.state()).requests.length;
    for (let call = 0; call < 3; call += 1) {
      const result = await src(["call", "desk", "GET", "/items", "--json"]);
      expect(JSON.parse(result.stdout), result.stdout).toMatchObject({ ok: true, status: 200 });
    }
    // Three processes, three refreshes, each with the refresh token the previous one rotated (a used one is refused).
    const refreshes = (await authorization.state()).requests.slice(before).map((request) => request.grant);
    expect(refreshes).toEqual(["refresh_token", "refresh_token", "refresh_token"]);
    await authorization.settings({ tokenTtl: 3600 });
  });

  it("two processes renewing the same expired token at once send its refresh token once, and both calls succeed", async () => {
    // Signed in with tokens inside the 30 s margin: the next calls must renew. The new ones last an hour.
    await authorization.settings({ tokenTtl: 5 });
    await addSignedInDesk();
    await authorization.settings({ tokenTtl: 3600, tokenDelayMs: 1500 });
    const before = (await authorization.state()).requests.length;
    // The provider rotates: a refresh token is accepted once. The second process must not send it again.
    const results = await Promise.all([
      src(["call", "desk", "GET", "/items", "--json"]),
      src(["call", "desk", "GET", "/items", "--json"]),
    ]);
    for (const result of results)
      expect(JSON.parse(result.stdout), result.stdout).toMatchObject({ ok: true, status: 200 });
    const renewals = (await authorization.state()).requests.slice(before).map((request) => request.grant);
    expect(renewals).toEqual(["refresh_token"]);
    // The renewed tokens are the stored ones: a third process needs no token request at all.
    await authorization.settings({ tokenDelayMs: 0 });
    const third = await src(["call", "desk", "GET", "/items", "--json"]);
    expect(JSON.parse(third.stdout)).toMatchObject({ ok: true, status: 200 });
    expect((await authorization.state()).requests.length).toBe(before + 1);
  });

  it("a revoked refresh token is AUTH_FAILED naming invalid_grant and saying to run src auth login; logout forgets the tokens", async () => {
    // Tokens issued inside the 30 s margin from the sign-in on: the next call must refresh, and the refresh token is revoked.
    await authorization.settings({ tokenTtl: 5 });
    await addSignedInDesk();
    await authorization.revokeRefreshTokens();
    const result = await src(["call", "desk", "GET", "/items", "--json"]);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({ ok: false, error: { code: "AUTH_FAILED", retryable: false } });
    expect(output.error.message).toMatch(/"invalid_grant".*src auth login desk/);
    await authorization.settings({ tokenTtl: 3600 });
    const logout = await src(["auth", "logout", "desk"]);
    expect(logout.stdout).toMatch(/Forgot the tokens of "desk"/);
    expect(JSON.parse((await src(["auth", "status", "desk", "--json"])).stdout)).toMatchObject({
      hasAccessToken: false,
      hasRefreshToken: false,
      signedIn: false,
    });
  });

  it("auth login on a client credentials source is a usage error saying why", async () => {
    await addCrm();
    const result = await src(["auth", "login", "crm"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/needs no sign-in/);
  });
});

describe("src auth on a per-user OAuth 2.0 source (each person signs in to their own account)", () => {
  it("login signs the operator in to their own connection (principal local), then status, calls and logout use it", async () => {
    const added = await src(
      addOAuth2Args("Desk", ...authorizationCode(), "--credentials", "per-user", "--credential-stdin"),
      clientSecret,
    );
    expect(added.code, added.stderr).toBe(0);
    // The client secret is the operator's own connection; what is missing is the operator's sign-in, not a credential.
    expect(JSON.parse((await src(["connections", "list", "--json"])).stdout)).toMatchObject({
      connections: [{ slug: "desk", principal: "local" }],
    });
    expect(added.stdout).toContain("desk: not tested (skipped)");
    expect(added.stdout).toContain(
      "the operator (local) has not signed in yet, so the source is not tested; to test it, sign in as the operator (with the client stored for local): src auth login desk",
    );
    expect(added.stdout).not.toContain("src credential set");
    expect(added.stdout + added.stderr).not.toContain(clientSecret);
    const login = await loginFollowingPrintedUrl("desk");
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toMatch(/Signed in to "desk"/);
    // The tokens are the operator's own connection, never a shared credential of the source.
    expect(JSON.parse((await src(["connections", "list", "--json"])).stdout)).toMatchObject({
      connections: [{ slug: "desk", principal: "local" }],
    });
    expect(JSON.parse((await src(["auth", "status", "desk", "--json"])).stdout)).toMatchObject({ signedIn: true });
    expect(JSON.parse((await src(["call", "desk", "GET", "/items", "--json"])).stdout)).toMatchObject({
      ok: true,
      status: 200,
    });
    const logout = await src(["auth", "logout", "desk"]);
    expect(logout.stdout, logout.stderr).toMatch(/Forgot the tokens of "desk"/);
    expect(JSON.parse((await src(["auth", "status", "desk", "--json"])).stdout)).toMatchObject({ signedIn: false });
  });

  it("login without the operator's own OAuth client says to store it with --principal local (exit 2)", async () => {
    const added = await src(addOAuth2Args("Desk", ...authorizationCode(), "--credentials", "per-user"));
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(
      "the operator (local) has no client stored to sign in with; to test the source, store it (src credential set desk --principal local), then sign in as the operator: src auth login desk",
    );
    const login = await src(["auth", "login", "desk", "--no-browser", "--timeout", "5"]);
    expect(login.code).toBe(2);
    expect(login.stderr).toContain(
      'src auth login: no client id is stored for source "desk"; store it with `src credential set desk --principal local`',
    );
  });
});

describe("src with --auth oauth2, a public client and the sign-in's time limit", () => {
  it("--client-auth none asks for no client secret (no stdin, no terminal) and signs in with PKCE alone", async () => {
    const added = await src(addOAuth2Args("Public", ...authorizationCode(), "--client-auth", "none", "--json"));
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ source: { slug: "public", api: { clientAuth: "none" } } });
    const before = await tokenRequests();
    const login = await loginFollowingPrintedUrl("public");
    expect(login.code, login.stderr).toBe(0);
    expect((await authorization.state()).requests.slice(before)).toEqual([
      expect.objectContaining({ grant: "authorization_code", clientAuth: "none" }),
    ]);
    expect(JSON.parse((await src(["auth", "status", "public", "--json"])).stdout)).toMatchObject({
      signedIn: true,
      hasRefreshToken: true,
    });
  });

  it("a public client with the client_credentials grant is refused, naming the field", async () => {
    const refused = await src(addOAuth2Args("Nobody", "--client-auth", "none"));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/clientAuth.*public client.*authorization_code/);
  });

  it("auth login --timeout gives up after that many seconds with a clear message and what to run", async () => {
    const added = await src(addOAuth2Args("Public", ...authorizationCode(), "--client-auth", "none"));
    expect(added.code, added.stderr).toBe(0);
    const started = Date.now();
    const result = await src(["auth", "login", "public", "--no-browser", "--timeout", "1"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /error: no sign-in arrived within 1 s; run `src auth login public` again .*--timeout SECONDS/,
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    const wrong = await src(["auth", "login", "public", "--timeout", "0"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--timeout.*whole number of seconds/);
  });
});

describe("src mcp with an oauth2 source (official MCP SDK client over stdio)", () => {
  it("the tool description names OAuth 2.0 and the scopes; calls reuse the stored token", async () => {
    await addCrm();
    let stderr = "";
    const transport = srcMcpTransport(temp.env, (text) => (stderr += text));
    const client = new Client({ name: "oauth2-cli-test", version: "0.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === "api_crm")?.description).toMatch(
        /OAuth 2\.0 \(client credentials grant\) with the scopes read:items/,
      );
      await client.callTool({ name: "api_crm", arguments: { method: "GET", path: "/items" } }); // a token the API accepts
      await expectMcpCallsReuseOneToken({ client, tool: "api_crm", authorization, outputs });
    } finally {
      await client.close();
      outputs.push(stderr);
    }
  });
});
