// The console's tokens page and a whole-console secret scan, in Debian's Chromium against the built server, with a
// hosted agent signed in by OAuth (the MCP SDK's client, consent in the browser) and a `POST /v1/tokens` agent token;
// and OAuth's endpoints reached from web pages of other origins (127.0.0.2, 127.0.0.3). The server and browser are
// started once for the file; each test makes the tokens and grants it needs under names no other test or retry uses.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedirectCatcher, TestAgentProvider, type RedirectCatcher } from "../helpers/oauth-agent";
import { startUpstream, type Upstream } from "../helpers/start-upstream";
import { createTestHome, secretForms, type TestHome } from "../helpers/test-home";
import { seriousAccessibilityViolations } from "./check-accessibility";
import { launchChromium } from "./launch-chromium";
import { startBuiltServer, type BuiltServer } from "./start-built-server";
import { adminAddBearerSource, adminRequest } from "../helpers/server-requests";

/** Where the tokens page's screenshot goes (git-ignored; CI keeps it as an artifact). */
const screenshots = fileURLToPath(new URL("../../test-artifacts/console/", import.meta.url));
const upstreamToken = `upstream-${randomBytes(12).toString("hex")}`;
let testHome: TestHome;
let upstream: Upstream;
let catcher: RedirectCatcher;
/** Two web pages of other origins: 127.0.0.2 is given with --cors-origin, 127.0.0.3 is not. */
let allowedSite: { url: string; close(): Promise<void> };
let otherSite: { url: string; close(): Promise<void> };
let server: BuiltServer;
let browser: Browser;
/** Every secret made or used in this file: none may reach the console's DOM, a response it fetched, or the server's output. */
const secrets: string[] = [upstreamToken];

const admin = (method: string, path: string, body?: unknown) =>
  adminRequest(server.url, testHome.adminToken, method, path, body);

/** A plain page on `host` (no CSP of its own): the browser's origin for cross-origin requests. */
async function startSite(host: string): Promise<{ url: string; close(): Promise<void> }> {
  const site: Server = createServer(
    (_request, response) =>
      void response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end("<!doctype html><title>Another site</title><p>Another site</p>"),
  );
  await new Promise<void>((resolve) => site.listen(0, host, resolve));
  return {
    url: `http://${host}:${(site.address() as AddressInfo).port}`,
    close: () => {
      site.closeAllConnections();
      return new Promise((resolve) => site.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  mkdirSync(screenshots, { recursive: true });
  testHome = await createTestHome();
  secrets.push(...testHome.secrets);
  upstream = await startUpstream({ token: upstreamToken });
  catcher = await startRedirectCatcher();
  allowedSite = await startSite("127.0.0.2");
  otherSite = await startSite("127.0.0.3");
  server = await startBuiltServer(testHome.env, ["--cors-origin", allowedSite.url]);
  const alpha = { slug: "alpha", name: "Alpha API", baseUrl: upstream.url, token: upstreamToken };
  await adminAddBearerSource(server.url, testHome.adminToken, alpha);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  const output = server?.output() ?? "";
  for (const form of secrets.flatMap(secretForms))
    expect(output.includes(form), `the server's output holds ${form.slice(0, 8)}…`).toBe(false);
  await Promise.all([upstream?.close(), catcher?.close(), allowedSite?.close(), otherSite?.close()]);
  await testHome?.cleanup();
}, 60_000);

/** A hosted agent signs in: the SDK client's 401 and registration, then consent in the browser (Alpha API, read only, Allow). */
async function signInHostedAgent(clientName: string): Promise<TestAgentProvider> {
  const provider = new TestAgentProvider(catcher.url, undefined, clientName);
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { authProvider: provider });
  await expect(new Client({ name: "hosted-agent", version: "1.0.0" }).connect(transport)).rejects.toBeInstanceOf(
    UnauthorizedError,
  );
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const arrived = catcher.next();
    await page.goto(provider.authorizationUrl!.href);
    await page.getByLabel("Admin token").fill(testHome.adminToken);
    await page.getByLabel("Admin token").press("Enter");
    await page.getByRole("checkbox", { name: "Alpha API", exact: true }).waitFor();
    // The consent page is the console's too: none of the secrets made so far is in it.
    const consentDom = await domOf(page);
    for (const form of secrets.flatMap(secretForms))
      expect(consentDom.includes(form), `the consent page holds ${form.slice(0, 8)}…`).toBe(false);
    await page.getByRole("checkbox", { name: "Alpha API", exact: true }).check();
    await page.getByRole("checkbox", { name: "Alpha API: read only" }).check();
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    const answer = await arrived;
    const code = answer.get("code");
    expect(code, answer.toString()).not.toBeNull();
    secrets.push(code!);
    await transport.finishAuth(code!);
  } finally {
    await context.close();
  }
  secrets.push(...provider.issued);
  return provider;
}

async function connect(provider: TestAgentProvider): Promise<Client> {
  const client = new Client({ name: "hosted-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { authProvider: provider }));
  return client;
}

/** `POST /v1/tokens`: an agent token whose value the test keeps (and scans for). */
async function createAgentToken(name: string): Promise<string> {
  const created = await admin("POST", "/v1/tokens", { name, sources: ["alpha"] });
  expect(created.status, await created.clone().text()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  secrets.push(token);
  return token;
}

/** Opens the console and signs in through its form. */
async function signInToConsole(page: Page): Promise<void> {
  await page.goto(server.url);
  await page.getByLabel("Admin token").fill(testHome.adminToken);
  await page.getByLabel("Admin token").press("Enter");
  await page.getByRole("heading", { name: "Sources", level: 1 }).waitFor();
}

/** The page's DOM with the values of its fields (which `content()` does not hold). Browser-side code as text: the server's TypeScript setup has no DOM types. */
async function domOf(page: Page): Promise<string> {
  const fields = await page.evaluate<string>(
    `[...document.querySelectorAll("input, textarea, select")].map((field) => field.value).join("\\n")`,
  );
  return `${await page.content()}\n${fields}`;
}

const mcpStatusOf = async (accessToken: string): Promise<number> =>
  (
    await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${accessToken}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: "{}",
    })
  ).status;

describe("the console's Agent tokens page", () => {
  it("lists agent tokens and a hosted agent's grant (client, access, last use, never a value); revoking the grant refuses the agent's MCP calls", async () => {
    const suffix = randomBytes(3).toString("hex");
    const clientName = `Page Agent ${suffix}`;
    const staticName = `page-token-${suffix}`;
    const staticToken = await createAgentToken(staticName);
    const provider = await signInHostedAgent(clientName);
    const agent = await connect(provider);
    const read = await agent.callTool({ name: "api_alpha", arguments: { method: "GET", path: "/items" } });
    expect(read.isError, JSON.stringify(read)).toBeFalsy();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await signInToConsole(page);
      await page.getByRole("link", { name: "Agent tokens" }).click();
      await page.getByRole("heading", { name: "Agent tokens", level: 1 }).waitFor();
      const grantRow = page.getByRole("row").filter({ hasText: clientName });
      await grantRow.waitFor();
      await expect
        .poll(() => grantRow.getByRole("cell").allInnerTexts(), { timeout: 10_000 })
        .toEqual([
          expect.stringMatching(/\S/),
          "OAuth grant",
          expect.stringContaining(clientName),
          "alpha read only",
          // The consent page's default lifetime, 30 days: a date.
          expect.stringMatching(/\d/),
          expect.not.stringMatching(/^never$/),
          "Revoke",
        ]);
      const staticRow = page.getByRole("row").filter({ hasText: staticName });
      await expect.poll(() => staticRow.getByRole("cell").nth(1).innerText()).toBe(`${staticToken.slice(0, 12)}…`);
      await expect.poll(() => staticRow.getByRole("cell").nth(2).innerText()).toBe("src token create");
      for (const form of [staticToken, ...provider.issued].flatMap(secretForms))
        expect((await domOf(page)).includes(form)).toBe(false);
      await page.screenshot({ path: `${screenshots}tokens.png`, fullPage: true });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const grantName = (await grantRow.getByRole("cell").first().innerText()).trim();
      const accessToken = provider.tokens()!.access_token;
      await grantRow.getByRole("button", { name: `Revoke ${grantName}` }).click();
      const dialog = page.getByRole("dialog", { name: `Revoke ${grantName}?` });
      await dialog.getByText(`${clientName} is refused from now on`).waitFor();
      await dialog.getByRole("button", { name: `Revoke ${grantName}` }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `Revoked ${grantName}` })
        .waitFor();
      await expect.poll(() => grantRow.count()).toBe(0);
      await expect.poll(() => staticRow.count()).toBe(1);

      // The hosted agent's session, its access token and its refresh token all end at once.
      const refused = await agent.callTool({ name: "api_alpha", arguments: { method: "GET", path: "/items" } }).then(
        (result) => JSON.stringify(result),
        (error: unknown) => String(error),
      );
      expect(refused).toMatch(/401|Unauthorized|invalid_token/i);
      expect(await mcpStatusOf(accessToken)).toBe(401);
      provider.authorizationUrl = undefined;
      await expect(connect(provider)).rejects.toBeInstanceOf(UnauthorizedError);
      expect(provider.authorizationUrl).toBeDefined();
      // The static token is untouched.
      expect(await mcpStatusOf(staticToken)).not.toBe(401);
      await agent.close().catch(() => undefined);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe("the whole console, with a credential, the admin token, an agent token and a grant present", () => {
  it("shows none of their values on any page, nor in any response a page fetched", async () => {
    const suffix = randomBytes(3).toString("hex");
    await createAgentToken(`scan-token-${suffix}`);
    const provider = await signInHostedAgent(`Scan Agent ${suffix}`);
    const agent = await connect(provider);
    expect(
      (await agent.callTool({ name: "api_alpha", arguments: { method: "GET", path: "/items" } })).isError,
    ).toBeFalsy();
    await agent.close();
    const forms = secrets.flatMap(secretForms);
    // The admin token is the operator's own sign-in: the console keeps it in sessionStorage, and sends it, but never shows it.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const bodies: { url: string; body: Promise<string> }[] = [];
    page.on("response", (response) =>
      bodies.push({
        url: response.url(),
        body: response.body().then(
          (body) => body.toString("utf8"),
          () => "",
        ),
      }),
    );
    const problems: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    const pages = [
      { hash: "#/sources", heading: "Sources" },
      { hash: "#/sources/new", heading: "Connect a source" },
      { hash: "#/sources/alpha", heading: "Alpha API" },
      { hash: "#/tools", heading: "Tools" },
      { hash: "#/call", heading: "Try a call" },
      { hash: "#/call?tool=api_alpha", heading: "Try a call" },
      { hash: "#/activity", heading: "Activity" },
      { hash: "#/activity?source=alpha", heading: "Activity" },
      { hash: "#/tokens", heading: "Agent tokens" },
    ];
    try {
      await page.goto(server.url);
      await page.getByLabel("Admin token").waitFor();
      const signInDom = await domOf(page);
      for (const form of forms)
        expect(signInDom.includes(form), `the sign-in page holds ${form.slice(0, 8)}…`).toBe(false);
      await signInToConsole(page);
      for (const { hash, heading } of pages) {
        await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
        // Loaded: nothing is still marked busy.
        await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
        const dom = await domOf(page);
        for (const form of forms) expect(dom.includes(form), `${hash} holds ${form.slice(0, 8)}…`).toBe(false);
      }
      // The activity page shows the agent's call, and the tokens page the grant: the scan saw them.
      await expect.poll(async () => (await domOf(page)).includes(`Scan Agent ${suffix}`)).toBe(true);
      expect(bodies.length).toBeGreaterThan(pages.length);
      for (const { url, body } of bodies) {
        const text = await body;
        for (const form of forms) expect(text.includes(form), `${url} answered ${form.slice(0, 8)}…`).toBe(false);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe("OAuth's endpoints and --cors-origin, from web pages of other origins", () => {
  /** Runs `fetch(url, init)` in a page of `site` and says what the page could read (or the network error it got). */
  async function fetchFrom(
    site: string,
    url: string,
    init: Record<string, unknown> = {},
  ): Promise<{ status: number; body: string; wwwAuthenticate: string | null } | { blocked: string }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(site);
      return await page.evaluate<
        { status: number; body: string; wwwAuthenticate: string | null } | { blocked: string }
      >(
        `fetch(${JSON.stringify(url)}, ${JSON.stringify(init)}).then(async (answer) => ({ status: answer.status, body: await answer.text(), wwwAuthenticate: answer.headers.get("www-authenticate") }), (error) => ({ blocked: String(error) }))`,
      );
    } finally {
      await context.close();
    }
  }

  it("metadata, registration and the token endpoint answer any origin, preflight included, with or without --cors-origin", async () => {
    for (const site of [allowedSite.url, otherSite.url]) {
      // The MCP SDK sends MCP-Protocol-Version with its discovery requests: a preflighted request.
      const metadata = await fetchFrom(site, `${server.url}/.well-known/oauth-protected-resource/mcp`, {
        headers: { "mcp-protocol-version": "2025-06-18" },
      });
      expect(metadata, site).toMatchObject({ status: 200 });
      expect(JSON.parse((metadata as { body: string }).body)).toMatchObject({ resource: `${server.url}/mcp` });
      const serverMetadata = await fetchFrom(site, `${server.url}/.well-known/oauth-authorization-server`, {
        headers: { "mcp-protocol-version": "2025-06-18" },
      });
      expect(JSON.parse((serverMetadata as { body: string }).body)).toMatchObject({
        token_endpoint: `${server.url}/token`,
      });
      const registered = await fetchFrom(site, `${server.url}/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          client_name: "Browser Agent",
          redirect_uris: ["http://127.0.0.1:9/callback"],
          token_endpoint_auth_method: "none",
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"],
        }),
      });
      expect(registered, `${site}: ${JSON.stringify(registered)}`).toMatchObject({ status: 201 });
      const token = await fetchFrom(site, `${server.url}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=authorization_code&code=not-a-code&code_verifier=x&client_id=nobody",
      });
      expect(token, site).toMatchObject({ status: expect.any(Number) });
      expect((token as { body: string }).body).toContain("error");
    }
  }, 60_000);

  it("/mcp and /v1 answer only the --cors-origin page, which can read WWW-Authenticate to find the metadata", async () => {
    const unauthenticated = await fetchFrom(allowedSite.url, `${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(unauthenticated).toMatchObject({
      status: 401,
      wwwAuthenticate: expect.stringContaining(
        `resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`,
      ),
    });
    expect(
      await fetchFrom(otherSite.url, `${server.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    ).toMatchObject({ blocked: expect.stringContaining("Failed to fetch") });
    expect(
      await fetchFrom(otherSite.url, `${server.url}/v1/tokens`, {
        headers: { authorization: `Bearer ${testHome.adminToken}` },
      }),
    ).toMatchObject({ blocked: expect.stringContaining("Failed to fetch") });
    expect(
      await fetchFrom(allowedSite.url, `${server.url}/v1/tokens`, {
        headers: { authorization: `Bearer ${testHome.adminToken}` },
      }),
    ).toMatchObject({ status: 200 });
  }, 60_000);
});
