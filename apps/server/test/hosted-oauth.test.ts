import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { launchChromium } from "./console/launch-chromium";
import { startBuiltServer, type BuiltServer } from "./console/start-built-server";
import {
  startClientDocumentHost,
  startRedirectCatcher,
  TestAgentProvider,
  type ClientDocumentHost,
  type RedirectCatcher,
} from "./helpers/oauth-agent";
import { runCli } from "./helpers/run-cli";
import { startUpstream, type Upstream } from "./helpers/start-upstream";
import { createTestHome, secretForms, type TestHome } from "./helpers/test-home";
import { adminAddBearerSource, expectToolCallLines, adminRequest } from "./helpers/server-requests";

const upstreamToken = "upstream-token-hosted-3f8a1c9e7b";
let testHome: TestHome;
let upstream: Upstream;
let catcher: RedirectCatcher;
let documentHost: ClientDocumentHost;
let server: BuiltServer;
let browser: Browser;
/** Every secret issued or used: none may appear in a log line, a file under SRC_HOME or the console's DOM. */
const secrets: string[] = [upstreamToken];
const domSnapshots: string[] = [];

const admin = (method: string, path: string, body?: unknown) =>
  adminRequest(server.url, testHome.adminToken, method, path, body);

beforeAll(async () => {
  testHome = await createTestHome();
  secrets.push(...testHome.secrets);
  upstream = await startUpstream({ token: upstreamToken });
  catcher = await startRedirectCatcher();
  documentHost = await startClientDocumentHost((clientId) => ({
    client_id: clientId,
    client_name: "Metadata Agent",
    redirect_uris: [catcher.url],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  }));
  server = await startBuiltServer({ ...testHome.env, NODE_EXTRA_CA_CERTS: documentHost.caFile }, [
    "--oauth-allow-loopback-clients",
    "--oauth-access-token-ttl",
    "3",
  ]);
  const bearer = { baseUrl: upstream.url, token: upstreamToken };
  for (const [slug, name] of [
    ["alpha", "Alpha API"],
    ["beta", "Beta API"],
  ] as const) {
    await adminAddBearerSource(server.url, testHome.adminToken, { slug, name, ...bearer });
  }
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  const forms = secrets.flatMap(secretForms);
  // The server's output (its log lines), every file under SRC_HOME (the token file, the audit log, the vault) and the console's DOM.
  const leaks: string[] = [];
  const output = server?.output() ?? "";
  for (const form of forms) if (output.includes(form)) leaks.push(`server output holds ${form.slice(0, 8)}…`);
  const files = testHome === undefined ? [] : await readdir(testHome.home, { recursive: true, withFileTypes: true });
  for (const entry of files) {
    if (!entry.isFile()) continue;
    const text = await readFile(join(entry.parentPath, entry.name), "latin1");
    for (const form of forms) if (text.includes(form)) leaks.push(`${entry.name} holds ${form.slice(0, 8)}…`);
  }
  for (const dom of domSnapshots)
    for (const form of forms) if (dom.includes(form)) leaks.push(`the console's DOM holds ${form.slice(0, 8)}…`);
  expect(leaks).toEqual([]);
  expect(files.some((entry) => entry.name === "agent-tokens.json")).toBe(true);
  await Promise.all([upstream?.close(), catcher?.close(), documentHost?.close()]);
  await testHome?.cleanup();
}, 60_000);

/** The person's side: opens the authorization URL, signs in, ticks `source` (read-only if asked) and presses Allow or Deny. */
async function consentInBrowser(
  url: URL,
  { source, readOnly, decision }: { source?: string; readOnly?: boolean; decision: "Allow" | "Deny" },
): Promise<URLSearchParams> {
  const context = await browser.newContext();
  const page: Page = await context.newPage();
  try {
    const arrived = catcher.next();
    await page.goto(url.href);
    await page.getByLabel("Admin token").fill(testHome.adminToken);
    await page.getByLabel("Admin token").press("Enter");
    await page.getByRole("heading", { name: /^Allow .+ to use src\?$/ }).waitFor();
    domSnapshots.push(await page.content());
    if (source !== undefined) {
      await page.getByRole("checkbox", { name: source, exact: true }).check();
      if (readOnly === true) await page.getByRole("checkbox", { name: `${source}: read only` }).check();
    }
    await page.getByRole("button", { name: decision, exact: true }).click();
    return await arrived;
  } finally {
    await context.close();
  }
}

/** A fresh MCP client on `/mcp` with this agent's sign-in. */
async function connect(provider: TestAgentProvider): Promise<Client> {
  const client = new Client({ name: "hosted-agent-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { authProvider: provider }));
  return client;
}

/** The status /mcp answers a bare POST (`{}`) with the bearer `token`: 401 once the token expired or was revoked. */
async function mcpStatusWith(token: string): Promise<number> {
  const answer = await fetch(`${server.url}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: "{}",
  });
  return answer.status;
}

/** The whole sign-in as the SDK client runs it: 401, discovery, registration, consent in the browser, token. */
async function signIn(provider: TestAgentProvider): Promise<void> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { authProvider: provider });
  await expect(new Client({ name: "hosted-agent-test", version: "1.0.0" }).connect(transport)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  expect(provider.authorizationUrl?.pathname).toBe("/authorize");
  const answer = await consentInBrowser(provider.authorizationUrl!, {
    source: "Alpha API",
    readOnly: true,
    decision: "Allow",
  });
  expect(answer.get("error")).toBeNull();
  const code = answer.get("code")!;
  secrets.push(code);
  await transport.finishAuth(code);
}

describe.each([
  { way: "a Client ID Metadata Document", metadataDocument: true },
  { way: "dynamic client registration", metadataDocument: false },
])("a hosted agent signs in with OAuth, registered by $way", ({ metadataDocument }) => {
  it("sees only the granted source, reads, is refused a write, refreshes after expiry, and is shut out by src token revoke", async () => {
    const provider = new TestAgentProvider(
      catcher.url,
      metadataDocument ? documentHost.clientId : undefined,
      "Registered Agent",
    );
    await signIn(provider);
    secrets.push(...provider.issued);
    const clientInformation = provider.clientInformation();
    if (metadataDocument) {
      expect(clientInformation?.client_id).toBe(documentHost.clientId);
      expect(documentHost.fetches()).toBeGreaterThan(0);
    } else {
      expect(clientInformation?.client_id).toMatch(/^[0-9a-f-]{36}$/);
      expect((clientInformation as { client_secret?: string }).client_secret).toBeUndefined();
    }
    const tokens = provider.tokens()!;
    expect(tokens.scope).toBe("src:alpha:read");
    expect(tokens.access_token.startsWith("srco_")).toBe(true);

    const client = await connect(provider);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["api_alpha"]);
    expect(tools[0]?.annotations?.readOnlyHint).toBe(true);
    const read = await client.callTool({ name: "api_alpha", arguments: { method: "GET", path: "/items" } });
    expect(read.isError, JSON.stringify(read)).toBeFalsy();
    const write = await client.callTool({
      name: "api_alpha",
      arguments: { method: "POST", path: "/items", body: { name: "x" } },
    });
    expect(write.isError).toBe(true);
    expect(JSON.stringify(write.content)).toContain("read-only");
    const beta = await client.callTool({ name: "api_beta", arguments: { method: "GET", path: "/items" } });
    expect(beta.isError).toBe(true);
    // The remedy fits a hosted agent: sign in again and allow the source, not a static token it has no field for.
    expect(JSON.stringify(beta.content)).toContain('sign the agent in again and tick \\"beta\\" on the consent page');
    expect(JSON.stringify(beta.content)).not.toContain("src token create");
    // The principal is the grant (one person's consent), named in each call's log line.
    await expectToolCallLines(() => server.output(), /"principal":"grant:[a-z0-9-]+"/, 2);

    // The access token lives 3 s here: once it has expired, the SDK's 401 handling refreshes (a rotated pair) and goes on.
    const expiresAt = Date.now() + (tokens.expires_in ?? 3) * 1000;
    await vi.waitUntil(() => Date.now() > expiresAt + 200, { timeout: 10_000, interval: 100 });
    expect(await mcpStatusWith(tokens.access_token)).toBe(401);
    const again = await connect(provider);
    const afterRefresh = await again.callTool({ name: "api_alpha", arguments: { method: "GET", path: "/items" } });
    expect(afterRefresh.isError).toBeFalsy();
    const refreshed = provider.tokens()!;
    secrets.push(...provider.issued);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    // src token list names the grant with its client and last use; src token revoke ends it at once.
    const listed = await runCli(["--json", "token", "list"], { env: testHome.env });
    expect(listed.code, listed.stderr).toBe(0);
    const grant = (
      JSON.parse(listed.stdout) as {
        tokens: {
          name: string;
          client: { name: string } | null;
          lastUsedAt: string | null;
          sources: string[];
          readOnlySources: string[];
        }[];
      }
    ).tokens.find((token) => token.client?.name === (metadataDocument ? "Metadata Agent" : "Registered Agent"));
    expect(grant).toMatchObject({ sources: ["alpha"], readOnlySources: ["alpha"] });
    expect(grant?.lastUsedAt).not.toBeNull();
    // The table says what the grant may do: every source it names was consented to read-only, so it reads only.
    const table = await runCli(["token", "list"], { env: testHome.env });
    const row = table.stdout.split("\n").find((line) => line.startsWith(`${grant!.name} `)) ?? "";
    expect(row).toMatch(/ alpha +read-only /);
    const revoked = await runCli(["token", "revoke", grant!.name], { env: testHome.env });
    expect(revoked.code, revoked.stderr).toBe(0);
    await expect.poll(() => mcpStatusWith(refreshed.access_token), { timeout: 2000 }).toBe(401);
    provider.authorizationUrl = undefined;
    await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
    // The refresh token ended with the grant: the SDK had to start a new sign-in.
    expect(provider.authorizationUrl).toBeDefined();
    await client.close();
    await again.close();
  }, 120_000);
});

describe("the consent page", () => {
  it("Deny sends access_denied back to the client, with its state", async () => {
    const provider = new TestAgentProvider(catcher.url, undefined, "Denied Agent");
    await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
    const answer = await consentInBrowser(provider.authorizationUrl!, { decision: "Deny" });
    expect(answer.get("error")).toBe("access_denied");
    expect(answer.get("state")).toBe(provider.authorizationUrl!.searchParams.get("state"));
    expect(answer.get("code")).toBeNull();
  }, 60_000);

  it("is served at the authorization endpoint with the console's headers: never framed, no inline script", async () => {
    const provider = new TestAgentProvider(catcher.url, documentHost.clientId);
    await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
    const page = await fetch(provider.authorizationUrl!, { redirect: "manual" });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("cache-control")).toBe("no-store");
  });

  it("names the client's hosts in plain words and refuses a decision without the CSRF token of this sign-in", async () => {
    const provider = new TestAgentProvider(catcher.url, documentHost.clientId);
    await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
    await fetch(provider.authorizationUrl!);
    const loaded = await admin("POST", "/v1/oauth/consent", { query: provider.authorizationUrl!.search.slice(1) });
    expect(loaded.status).toBe(200);
    const view = (await loaded.json()) as {
      request: string;
      csrfToken: string;
      client: Record<string, unknown>;
      sources: { slug: string; name: string }[];
    };
    secrets.push(view.csrfToken);
    expect(view.client).toMatchObject({
      name: "Metadata Agent",
      idHost: new URL(documentHost.clientId).host,
      registration: "metadata-document",
      redirectUriHost: new URL(catcher.url).host,
    });
    expect(view.sources.map((source) => source.name)).toEqual(["Alpha API", "Beta API"]);
    const allow = {
      request: view.request,
      decision: "allow",
      sources: [{ slug: "alpha", readOnly: false }],
      expires: "1d",
    };
    expect((await admin("POST", "/v1/oauth/consent/decision", { ...allow, csrfToken: "forged" })).status).toBe(403);
    // An agent token cannot load or decide a consent.
    const agent = await admin("POST", "/v1/tokens", { name: "consent-prober" });
    const agentToken = ((await agent.json()) as { token: string }).token;
    secrets.push(agentToken);
    const byAgent = await fetch(`${server.url}/v1/oauth/consent/decision`, {
      method: "POST",
      headers: { authorization: `Bearer ${agentToken}`, "content-type": "application/json" },
      body: JSON.stringify({ ...allow, csrfToken: view.csrfToken }),
    });
    expect(byAgent.status).toBe(403);
    const decided = await admin("POST", "/v1/oauth/consent/decision", { ...allow, csrfToken: view.csrfToken });
    expect(decided.status).toBe(200);
    const redirect = new URL(((await decided.json()) as { redirectTo: string }).redirectTo);
    secrets.push(redirect.searchParams.get("code")!);
    expect(redirect.origin + redirect.pathname).toBe(catcher.url);
    expect(redirect.searchParams.get("iss")).toBe(server.url);
    // Single use: the same request cannot be decided twice.
    expect((await admin("POST", "/v1/oauth/consent/decision", { ...allow, csrfToken: view.csrfToken })).status).toBe(
      404,
    );
    await runCli(["token", "revoke", "consent-prober"], { env: testHome.env });
  });
});

describe("metadata and challenges", () => {
  it("/mcp answers 401 with the protected resource metadata's URL; the metadata names the authorization server", async () => {
    const answer = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp", scope="src"`,
    );
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const metadata = (await (await fetch(`${server.url}${path}`)).json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({
        resource: `${server.url}/mcp`,
        authorization_servers: [server.url],
        scopes_supported: ["src"],
        bearer_methods_supported: ["header"],
      });
      expect(typeof metadata.resource_name).toBe("string");
    }
    const authorizationServer = (await (
      await fetch(`${server.url}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(authorizationServer).toMatchObject({
      issuer: server.url,
      authorization_endpoint: `${server.url}/authorize`,
      token_endpoint: `${server.url}/token`,
      registration_endpoint: `${server.url}/register`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
      client_id_metadata_document_supported: true,
    });
    // A wrong token is invalid_token in the same challenge.
    const wrong = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { authorization: "Bearer srco_nope", "content-type": "application/json" },
      body: "{}",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});
