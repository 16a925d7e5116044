// Issue 28's upstream sign-in from the connect page, and "My connections": a per-user OAuth 2.0 source answers an
// agent without its person's credential with NOT_CONNECTED and a link; the person opens it in Chromium, signs in at
// the upstream (the oauth2 test server in its own process), and comes back connected: their agent's next call carries
// the access token of THEIR sign-in (the recorder proves it), while another principal still gets NOT_CONNECTED. The
// person then lists and removes their own connections (never another's) with the session the connect granted.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { startUpstream as startRecorder, sendJson, type Upstream as Recorder } from "@src/http-tool/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthorizationServer } from "../../../../packages/auth-oauth2/test/start-authorization-server";
import { startAuthorizationServer } from "../../../../packages/auth-oauth2/test/start-authorization-server";
import { createTestHome, linesLeakingSecrets, type TestHome } from "../helpers/test-home";
import { launchChromium } from "./launch-chromium";
import { startBuiltServer, type BuiltServer } from "./start-built-server";

const clientId = "team-desk";
const clientSecret = "connect-page-cl13nt-s3cret-7c1e";
const noteKey = "notes-key-of-quinn-5d2a9e";
let testHome: TestHome;
let authorization: AuthorizationServer;
let recorder: Recorder;
let server: BuiltServer;
let browser: Browser;

beforeAll(async () => {
  testHome = await createTestHome();
  testHome.secrets.push(clientSecret, noteKey);
  authorization = await startAuthorizationServer({ clientId, clientSecret });
  recorder = await startRecorder((_request, response, recorded) => sendJson(response, 200, { path: recorded.path }));
  // A page of another origin that --cors-origin allows still cannot use a person's session.
  server = await startBuiltServer(testHome.env, ["--cors-origin", "http://127.0.0.2:9"]);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  const issued = authorization === undefined ? [] : (await authorization.state()).issued;
  const secrets = [...(testHome?.secrets ?? []), ...issued];
  expect(linesLeakingSecrets((server?.output() ?? "").split("\n"), secrets), "a secret in the server's log").toEqual(
    [],
  );
  await browser?.close();
  await server?.stop();
  await recorder?.close();
  await authorization?.stop();
  await testHome?.cleanup();
}, 60_000);

const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${testHome.adminToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function agentToken(name: string): Promise<{ token: string; principal: string }> {
  const answer = await admin("POST", "/v1/tokens", { name });
  expect(answer.status).toBe(201);
  const { token } = (await answer.json()) as { token: string };
  return { token, principal: `token:${name}` };
}

async function callAs(
  token: string,
  slug: string,
): Promise<{ ok: boolean; error?: { code: string; connectUrl?: string } }> {
  const answer = await fetch(`${server.url}/v1/tools/api_${slug.replace(/-/g, "_")}/call`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ method: "GET", path: "/tickets" }),
  });
  return (await answer.json()) as { ok: boolean; error?: { code: string; connectUrl?: string } };
}

const sentTo = (slug: string) =>
  recorder.requests
    .filter((request) => request.path.startsWith(`/${slug}/`))
    .map((request) => request.headers.authorization);

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return Promise.all(
    entries.filter((entry) => entry.isFile()).map((entry) => readFile(join(entry.parentPath, entry.name), "latin1")),
  );
}

/** A per-user OAuth 2.0 (authorization code) source, its OAuth client stored as the operator's own (principal local). */
async function createDesk(slug: string): Promise<void> {
  const created = await admin("POST", "/v1/sources", {
    config: {
      type: "api",
      name: "Team Desk",
      slug,
      enabled: true,
      api: {
        baseUrl: `${recorder.url}/${slug}`,
        authType: "oauth2",
        grant: "authorization_code",
        tokenUrl: authorization.tokenUrl,
        authorizationUrl: authorization.authorizationUrl,
        scopes: ["tickets"],
        testEndpoint: "/me",
        credentials: "per-user",
      },
    },
    credential: { clientId, clientSecret },
  });
  expect(created.status, await created.clone().text()).toBe(201);
}

async function createNotes(slug: string): Promise<void> {
  const created = await admin("POST", "/v1/sources", {
    config: {
      type: "api",
      name: "Team Notes",
      slug,
      enabled: true,
      api: { baseUrl: `${recorder.url}/${slug}`, authType: "bearer", testEndpoint: "/me", credentials: "per-user" },
    },
  });
  expect(created.status).toBe(201);
}

/** The rows "My connections" shows, as "name (slug)". */
async function myConnectionRows(page: Page): Promise<string[]> {
  await page.getByRole("heading", { name: "My connections", level: 1 }).waitFor();
  await page
    .getByText(/You have no connections|Your own credentials/)
    .first()
    .waitFor();
  return (await page.locator("main li").allTextContents()).map((text) => text.replace(/, connected.*$/s, "").trim());
}

describe("connecting by signing in at the upstream, in Chromium", { timeout: 120_000 }, () => {
  it("signs a person in at the upstream from the link: their agent's calls carry their token; another principal stays NOT_CONNECTED", async () => {
    const run = Date.now().toString(36);
    const desk = `desk-${run}`;
    const notes = `notes-${run}`;
    await createDesk(desk);
    await createNotes(notes);
    const pat = await agentToken(`pat-${run}`);
    const quinn = await agentToken(`quinn-${run}`);

    const refused = await callAs(pat.token, desk);
    expect(refused.error?.code).toBe("NOT_CONNECTED");
    expect(sentTo(desk)).toEqual([]);
    const issuedBefore = new Set((await authorization.state()).issued);

    const patContext = await browser.newContext();
    const page = await patContext.newPage();
    try {
      await page.goto(refused.error?.connectUrl ?? "");
      await page.getByRole("heading", { name: "Connect Team Desk", level: 1 }).waitFor();
      expect(await page.locator("main").textContent()).toContain(pat.principal);
      // No key fields: the person signs in as themselves; the operator's OAuth client is never shown.
      expect(await page.locator("input").count()).toBe(0);
      await page.getByRole("button", { name: "Sign in to Team Desk" }).click();
      // The upstream's authorization page, then the server's callback, then the console's Connected page.
      await page.getByRole("heading", { name: "Connected", level: 1 }).waitFor();
      expect(new URL(page.url()).origin).toBe(server.url);
      expect(await page.getByRole("status").textContent()).toContain("Your agent can go on");
    } finally {
      await page.close();
    }

    expect(await callAs(pat.token, desk)).toMatchObject({ ok: true });
    const sent = sentTo(desk);
    expect(sent).toHaveLength(1);
    const patToken = (sent[0] ?? "").replace(/^Bearer /, "");
    const issued = (await authorization.state()).issued;
    expect(issued).toContain(patToken);
    expect(issuedBefore.has(patToken)).toBe(false);
    expect(await authorization.accepts(patToken)).toBe(true);

    // Another principal has no credential of its own: nothing is sent, and Pat's is never used for it.
    expect((await callAs(quinn.token, desk)).error?.code).toBe("NOT_CONNECTED");
    expect(sentTo(desk)).toHaveLength(1);
    // The operator sees who is connected (never a token): Pat, and the operator's own OAuth client.
    const listed = (await (await admin("GET", `/v1/connections?source=${desk}`)).json()) as {
      connections: { principal: string }[];
    };
    expect(listed.connections.map((connection) => connection.principal).sort()).toEqual(["local", pat.principal]);

    // Quinn connects another source with a pasted key, in their own browser.
    const quinnContext = await browser.newContext();
    const quinnPage = await quinnContext.newPage();
    try {
      const link = (await callAs(quinn.token, notes)).error?.connectUrl ?? "";
      await quinnPage.goto(link);
      await quinnPage.getByLabel(/\(required\)/).fill(noteKey);
      await quinnPage.getByRole("button", { name: "Connect" }).click();
      await quinnPage.getByRole("heading", { name: "Connected", level: 1 }).waitFor();
      await quinnPage.getByRole("link", { name: "My connections" }).click();
      expect(await myConnectionRows(quinnPage)).toEqual([`Team Notes (${notes})`]);
    } finally {
      await quinnContext.close();
    }

    // Pat's "My connections" lists Pat's own only (not Quinn's), and removes it: Pat's next call is refused again.
    const patPage = await patContext.newPage();
    try {
      await patPage.goto(`${server.url}/#/me`);
      expect(await myConnectionRows(patPage)).toEqual([`Team Desk (${desk})`]);
      expect(await patPage.content()).not.toContain(patToken);
      await patPage.getByRole("button", { name: `Remove my connection to ${desk}` }).click();
      await patPage
        .getByRole("status")
        .filter({ hasText: `Removed your connection to ${desk}` })
        .waitFor();
      expect(await myConnectionRows(patPage)).toEqual([]);
    } finally {
      await patContext.close();
    }
    expect((await callAs(pat.token, desk)).error?.code).toBe("NOT_CONNECTED");
    expect(sentTo(desk)).toHaveLength(1);
    expect(await callAs(quinn.token, notes)).toMatchObject({ ok: true });
    expect(sentTo(notes)).toEqual([`Bearer ${noteKey}`]);

    // A browser that never connected has no session: My connections says how to get one.
    const strangerContext = await browser.newContext();
    try {
      const stranger = await strangerContext.newPage();
      await stranger.goto(`${server.url}/#/me`);
      await stranger.getByRole("alert").waitFor();
      expect(await stranger.getByRole("alert").textContent()).toContain("Open the connect link");
    } finally {
      await strangerContext.close();
    }

    // SRC_HOME holds no token, no client secret and no pasted key in clear.
    expect(
      linesLeakingSecrets(await filesUnder(testHome.home), [...issued, clientSecret, noteKey]),
      "a secret in clear under SRC_HOME",
    ).toEqual([]);
  });
});

describe("a sign-in page handed to someone else, in Chromium", { timeout: 120_000 }, () => {
  it("connects no one: the sign-in finishes only in the browser that started it, and the link stays usable", async () => {
    const desk = `desk-csrf-${Date.now().toString(36)}`;
    await createDesk(desk);
    const mallory = await agentToken(`mallory-${Date.now().toString(36)}`);
    const refused = await callAs(mallory.token, desk);
    expect(refused.error?.code).toBe("NOT_CONNECTED");
    const linkToken = (refused.error?.connectUrl ?? "").split("#/connect/")[1] ?? "";

    // The link's holder starts its sign-in without a browser, and hands the upstream's genuine page to someone else.
    const started = await fetch(`${server.url}/v1/connect/${linkToken}/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(started.status).toBe(200);
    expect(started.headers.get("set-cookie")).toMatch(
      /^src_connect_[0-9a-f]{16}=[A-Za-z0-9_-]{32}; Path=\/v1\/auth\/callback; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
    const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };

    const victimContext = await browser.newContext();
    try {
      const page = await victimContext.newPage();
      await page.goto(authorizationUrl);
      // Signed in at the upstream, sent back to the server's callback: refused there, nothing stored.
      await page.getByRole("heading", { name: "Connecting failed", level: 1 }).waitFor();
      expect(await page.locator("body").textContent()).toContain("This sign-in was started in another browser");
      expect(new URL(page.url()).pathname).toBe("/v1/auth/callback");
      expect((await victimContext.cookies(server.url)).map((cookie) => cookie.name)).not.toContain("src_person");
    } finally {
      await victimContext.close();
    }
    const listed = (await (await admin("GET", `/v1/connections?source=${desk}`)).json()) as {
      connections: { principal: string }[];
    };
    expect(listed.connections.map((connection) => connection.principal)).toEqual(["local"]);
    expect((await callAs(mallory.token, desk)).error?.code).toBe("NOT_CONNECTED");
    expect(sentTo(desk)).toEqual([]);
    expect((await fetch(`${server.url}/v1/connect/${linkToken}`)).status).toBe(200);
  });
});

describe("an MCP call waiting on URL elicitation, in Chromium", { timeout: 120_000 }, () => {
  it("goes on once the person signed in at the upstream, with their own token", async () => {
    const run = Date.now().toString(36);
    const desk = `desk-mcp-${run}`;
    await createDesk(desk);
    const uma = await agentToken(`uma-${run}`);
    const context = await browser.newContext();
    let signingIn: Promise<void> | undefined;
    const client = new Client(
      { name: "connect-sign-in-test", version: "1.0.0" },
      { capabilities: { elicitation: { url: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      const { url } = request.params as { url: string };
      // The person accepts, opens the link and signs in at the upstream while the call waits.
      signingIn = (async () => {
        const page = await context.newPage();
        await page.goto(url);
        await page.getByRole("button", { name: "Sign in to Team Desk" }).click();
        await page.getByRole("heading", { name: "Connected", level: 1 }).waitFor();
      })();
      return { action: "accept" };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${uma.token}` } },
      }),
    );
    try {
      const result = (await client.callTool({
        name: `api_${desk.replace(/-/g, "_")}`,
        arguments: { method: "GET", path: "/tickets" },
      })) as { isError?: boolean; content: { text?: string }[] };
      await signingIn;
      expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
      const sent = sentTo(desk);
      expect(sent).toHaveLength(1);
      expect((await authorization.state()).issued).toContain((sent[0] ?? "").replace(/^Bearer /, ""));
    } finally {
      await client.close();
      await context.close();
    }
  });
});

describe("the person's routes (/v1/me)", { timeout: 60_000 }, () => {
  it("refuse without a session, with a forged or tampered one, and from another origin", async () => {
    const run = Date.now().toString(36);
    const notes = `notes-me-${run}`;
    await createNotes(notes);
    const rae = await agentToken(`rae-${run}`);
    const link = (await callAs(rae.token, notes)).error?.connectUrl ?? "";
    const linkToken = link.split("#/connect/")[1] ?? "";
    const connected = await fetch(`${server.url}/v1/connect/${linkToken}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ credential: { token: "rae-notes-key-0d9c" } }),
    });
    expect(connected.status).toBe(200);
    // One value, sent to the person's routes (/v1/me) and the connect links' (/v1/connect) only.
    const [setCookie = "", setCookieForLinks = ""] = connected.headers.getSetCookie();
    expect(setCookie).toMatch(/^src_person=v1\.[^;]+; Path=\/v1\/me; HttpOnly; SameSite=Strict; Max-Age=1800$/);
    const cookie = setCookie.split(";")[0] ?? "";
    expect(setCookieForLinks).toBe(`${cookie}; Path=/v1/connect; HttpOnly; SameSite=Strict; Max-Age=1800`);

    const mine = (headers: Record<string, string>) => fetch(`${server.url}/v1/me/connections`, { headers });
    const own = await mine({ cookie });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({
      principal: rae.principal,
      connections: [{ slug: notes, name: "Team Notes", updatedAt: expect.any(String) as string }],
    });

    expect((await mine({})).status).toBe(401);
    // Another principal's name in a session not signed by this server.
    const [payload = "", signature = ""] = cookie.replace(/^src_person=/, "").split(/\.(?=[^.]+$)/);
    const forged = `v1.${Buffer.from(JSON.stringify({ p: "local", exp: Date.now() + 60_000 })).toString("base64url")}`;
    expect((await mine({ cookie: `src_person=${forged}.${signature}` })).status).toBe(401);
    expect((await mine({ cookie: `src_person=${payload}.${signature.slice(0, -2)}AA` })).status).toBe(401);
    // The admin token does not open a person's routes, and a page of another origin (even one --cors-origin allows) cannot use the cookie.
    expect((await mine({ authorization: `Bearer ${testHome.adminToken}` })).status).toBe(401);
    expect((await mine({ cookie, origin: "http://127.0.0.2:9" })).status).toBe(403);
    const removedAcross = await fetch(`${server.url}/v1/me/connections/${notes}`, {
      method: "DELETE",
      headers: { cookie, origin: "http://127.0.0.2:9" },
    });
    expect(removedAcross.status).toBe(403);
    expect(await callAs(rae.token, notes)).toMatchObject({ ok: true });

    const signedOut = await fetch(`${server.url}/v1/me/session`, { method: "DELETE", headers: { cookie } });
    expect(signedOut.headers.getSetCookie()).toEqual([
      "src_person=; Path=/v1/me; HttpOnly; SameSite=Strict; Max-Age=0",
      "src_person=; Path=/v1/connect; HttpOnly; SameSite=Strict; Max-Age=0",
    ]);
    // Signed out means out: the same cookie value, sent again (a copy of it, or a browser that kept it), opens nothing.
    expect((await mine({ cookie })).status).toBe(401);
  });
});
