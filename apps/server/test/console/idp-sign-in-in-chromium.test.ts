// Issue 28's sign-in at the team's identity provider (--oauth-issuer with --oauth-console-client-id): a connect link
// for a user of the identity provider (idp:SUB) is used only by that person, signed in there (OpenID Connect, the
// ID token's sub); anyone else is refused with a page saying who the link is for, and nothing is stored. "My
// connections" opens by the same sign-in. A real identity provider (node-oidc-provider) on 127.0.0.1, two people's
// agents on /mcp with its JWTs, a recorder upstream, the built server and Chromium.
import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startUpstream as startRecorder, sendJson, type Upstream as Recorder } from "@src/http-tool/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startIdentityProvider, type IdentityProvider } from "../helpers/start-identity-provider";
import { adminRequest } from "../helpers/server-requests";
import { createTestHome, linesLeakingSecrets, type TestHome } from "../helpers/test-home";
import { launchChromium } from "./launch-chromium";
import { startBuiltServer, type BuiltServer } from "./start-built-server";

const idpSecret = `idp-secret-${randomBytes(12).toString("hex")}`;
const aliceKey = `alice-alpha-key-${randomBytes(6).toString("hex")}`;
const bobKey = `bob-beta-key-${randomBytes(6).toString("hex")}`;
let idp: IdentityProvider;
let testHome: TestHome;
let recorder: Recorder;
let server: BuiltServer;
let browser: Browser;
const secrets: string[] = [idpSecret, aliceKey, bobKey];

/** The sources: the identity provider's agents have the scopes src:alpha and src:beta. */
const sourceNames = { alpha: "Team Tracker", beta: "Team Wiki" } as const;
type Slug = keyof typeof sourceNames;

beforeAll(async () => {
  idp = await startIdentityProvider(idpSecret);
  testHome = await createTestHome();
  secrets.push(...testHome.secrets);
  recorder = await startRecorder((_request, response, recorded) => sendJson(response, 200, { path: recorded.path }));
  server = await startBuiltServer({ ...testHome.env, SRC_OAUTH_CONSOLE_CLIENT_SECRET: idpSecret }, [
    "--oauth-issuer",
    idp.issuer,
    "--oauth-allow-loopback-clients",
    "--oauth-console-client-id",
    "console",
  ]);
  for (const slug of Object.keys(sourceNames) as Slug[]) {
    const created = await admin("POST", "/v1/sources", {
      config: {
        type: "api",
        name: sourceNames[slug],
        slug,
        enabled: true,
        api: { baseUrl: `${recorder.url}/${slug}`, authType: "bearer", testEndpoint: "/me", credentials: "per-user" },
      },
    });
    expect(created.status).toBe(201);
  }
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  expect(linesLeakingSecrets((server?.output() ?? "").split("\n"), secrets), "a secret in the server's log").toEqual(
    [],
  );
  await browser?.close();
  await server?.stop();
  idp?.stop();
  await recorder?.close();
  await testHome?.cleanup();
}, 60_000);

const admin = (method: string, path: string, body?: unknown) =>
  adminRequest(server.url, testHome.adminToken, method, path, body);

/** No one connected to anything: each test starts from here (and so runs alone, and again). */
async function disconnectEveryone(): Promise<void> {
  for (const slug of Object.keys(sourceNames))
    for (const person of ["alice", "bob"])
      expect((await admin("DELETE", `/v1/sources/${slug}/connections?principal=idp:${person}`)).status).toBe(200);
}

/** Who is connected to `slug`, as the operator sees it. */
async function connectedTo(slug: Slug): Promise<string[]> {
  const { connections } = (await (await admin("GET", `/v1/connections?source=${slug}`)).json()) as {
    connections: { principal: string }[];
  };
  return connections.map((connection) => connection.principal);
}

/** The `Authorization` headers the recorder received for `slug` since `from`. */
const sentTo = (slug: Slug, from = 0) =>
  recorder.requests
    .slice(from)
    .filter((request) => request.path.startsWith(`/${slug}/`))
    .map((request) => request.headers.authorization);

/** A person's agent on /mcp, with a JWT of the identity provider whose sub is the person ("alice", "bob"). */
async function agentOf(person: "alice" | "bob"): Promise<Client> {
  const token = await idp.tokenFor({ resource: `${server.url}/mcp`, scope: "src:alpha src:beta", client: person });
  secrets.push(token);
  const client = new Client({ name: `${person}-agent`, version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** One call of the agent to `slug`: whether it went through, and the connect link when it was NOT_CONNECTED. */
async function callFrom(agent: Client, slug: Slug): Promise<{ ok: boolean; connectUrl?: string }> {
  const result = (await agent.callTool({ name: `api_${slug}`, arguments: { method: "GET", path: "/issues" } })) as {
    isError?: boolean;
    structuredContent?: { ok: boolean; error?: { code: string; connectUrl?: string } };
  };
  const outcome = result.structuredContent;
  if (outcome?.ok !== true) expect(outcome?.error?.code).toBe("NOT_CONNECTED");
  const connectUrl = outcome?.error?.connectUrl;
  return { ok: outcome?.ok === true, ...(connectUrl === undefined ? {} : { connectUrl }) };
}

/** Signs in on the identity provider's development pages as `login` (any password), and allows the console. */
async function signInAtIdentityProvider(page: Page, login: string): Promise<void> {
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** A fresh browser profile (its own cookies, at the identity provider too) for one person. */
async function withPerson<T>(run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Follows a connect link as a person who signs in at the identity provider as `login`, up to the key form. */
async function followLinkSignedInAs(page: Page, connectUrl: string, login: string, slug: Slug): Promise<void> {
  await page.goto(connectUrl);
  await page.getByRole("heading", { name: `Connect ${sourceNames[slug]}`, level: 1 }).waitFor();
  // Not signed in yet: the page asks for the sign-in, and shows no form.
  expect(await page.getByLabel(/\(required\)/).count()).toBe(0);
  await page.getByRole("button", { name: "Sign in at your identity provider" }).click();
  await signInAtIdentityProvider(page, login);
}

describe("a connect link for a user of the identity provider, in Chromium", { timeout: 120_000 }, () => {
  it("person A signs in as A from A's link and pastes a key: A's agent's next call carries A's key, B's nothing", async () => {
    await disconnectEveryone();
    const alice = await agentOf("alice");
    const bob = await agentOf("bob");
    try {
      const from = recorder.requests.length;
      const refused = await callFrom(alice, "alpha");
      expect(refused.ok).toBe(false);
      expect(refused.connectUrl?.startsWith(`${server.url}/#/connect/srcc_`)).toBe(true);
      expect(sentTo("alpha", from)).toEqual([]);

      await withPerson(async (page) => {
        await followLinkSignedInAs(page, refused.connectUrl!, "alice", "alpha");
        // Back on the link's page, signed in as its principal: now the form.
        const field = page.getByLabel(/\(required\)/);
        await field.waitFor();
        expect(await page.locator("main").textContent()).toContain("idp:alice");
        await field.fill(aliceKey);
        await page.getByRole("button", { name: "Connect" }).click();
        await page.getByRole("heading", { name: "Connected", level: 1 }).waitFor();
        expect(await page.getByRole("status").textContent()).toContain("Your agent can go on");
        expect(await page.content()).not.toContain(aliceKey);
      });

      expect(await callFrom(alice, "alpha")).toEqual({ ok: true });
      expect(sentTo("alpha", from)).toEqual([`Bearer ${aliceKey}`]);
      expect(await connectedTo("alpha")).toEqual(["idp:alice"]);
      // Another person's agent never falls back on A's key.
      const bobRefused = await callFrom(bob, "alpha");
      expect(bobRefused.ok).toBe(false);
      expect(sentTo("alpha", from)).toEqual([`Bearer ${aliceKey}`]);
    } finally {
      await alice.close();
      await bob.close();
    }
  });

  it("person B following A's link is refused with a page saying whose it is; nothing is stored, and A can still use it", async () => {
    await disconnectEveryone();
    const alice = await agentOf("alice");
    try {
      const from = recorder.requests.length;
      const { connectUrl } = await callFrom(alice, "alpha");
      const linkToken = connectUrl!.split("#/connect/")[1]!;

      await withPerson(async (page) => {
        await followLinkSignedInAs(page, connectUrl!, "bob", "alpha");
        await page.getByRole("heading", { name: "This connect link is for someone else", level: 1 }).waitFor();
        const text = (await page.locator("body").textContent()) ?? "";
        expect(text).toContain("This link connects idp:alice to alpha");
        expect(text).toContain("you signed in at the identity provider as idp:bob");
        expect(text).toContain("Nothing was stored");

        // B, signed in as B (My connections), still cannot use A's link: not from the page, not by hand.
        await page.goto(`${server.url}/#/me`);
        await page.getByRole("button", { name: "Sign in at your identity provider" }).click();
        // The identity provider asks again (to sign in, or only to allow the console).
        const login = page.getByPlaceholder("Enter any login");
        const allow = page.getByRole("button", { name: "Continue" });
        await login.or(allow).waitFor();
        if (await login.isVisible()) await signInAtIdentityProvider(page, "bob");
        else await allow.click();
        await page.getByRole("heading", { name: "My connections", level: 1 }).waitFor();
        await page.getByText("idp:bob", { exact: true }).waitFor();
        await page.goto(connectUrl!);
        await page.getByRole("alert").filter({ hasText: "You are signed in here as idp:bob" }).waitFor();
        expect(await page.getByLabel(/\(required\)/).count()).toBe(0);
        const byHand = await page.evaluate(async (token) => {
          const answer = await fetch(`/v1/connect/${token}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ credential: { token: "planted-by-bob" } }),
          });
          return { status: answer.status, body: (await answer.json()) as { error: { code: string; message: string } } };
        }, linkToken);
        expect(byHand.status).toBe(403);
        expect(byHand.body.error.message).toContain("this link is for idp:alice, and you are signed in as idp:bob");
      });

      // Without any session (the link alone, as before issue 28's sign-in): refused too.
      const anonymous = await fetch(`${server.url}/v1/connect/${linkToken}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ credential: { token: "planted-by-link-holder" } }),
      });
      expect(anonymous.status).toBe(403);
      expect(((await anonymous.json()) as { error: { message: string } }).error.message).toContain(
        "sign in at the identity provider as that person first",
      );

      expect(await connectedTo("alpha")).toEqual([]);
      expect((await callFrom(alice, "alpha")).ok).toBe(false);
      expect(sentTo("alpha", from)).toEqual([]);

      // The link was never used up: A follows it, signs in as A, and connects.
      await withPerson(async (page) => {
        await followLinkSignedInAs(page, connectUrl!, "alice", "alpha");
        await page.getByLabel(/\(required\)/).fill(aliceKey);
        await page.getByRole("button", { name: "Connect" }).click();
        await page.getByRole("heading", { name: "Connected", level: 1 }).waitFor();
      });
      expect(await connectedTo("alpha")).toEqual(["idp:alice"]);
    } finally {
      await alice.close();
    }
  });
});

describe("My connections by a sign-in at the identity provider, in Chromium", { timeout: 120_000 }, () => {
  it("shows each person their own connections only", async () => {
    await disconnectEveryone();
    expect(
      (await admin("PUT", "/v1/sources/alpha/connections", { principal: "idp:alice", credential: { token: aliceKey } }))
        .status,
    ).toBe(200);
    expect(
      (await admin("PUT", "/v1/sources/beta/connections", { principal: "idp:bob", credential: { token: bobKey } }))
        .status,
    ).toBe(200);

    for (const [person, own, other] of [
      ["alice", "alpha", "beta"],
      ["bob", "beta", "alpha"],
    ] as const) {
      await withPerson(async (page) => {
        await page.goto(`${server.url}/#/me`);
        await page.getByRole("alert").filter({ hasText: "You are not signed in here" }).waitFor();
        await page.getByRole("button", { name: "Sign in at your identity provider" }).click();
        await signInAtIdentityProvider(page, person);
        await page.getByRole("heading", { name: "My connections", level: 1 }).waitFor();
        await page.getByText(`idp:${person}`, { exact: true }).waitFor();
        await page.getByRole("button", { name: `Remove my connection to ${own}` }).waitFor();
        expect(await page.getByRole("button", { name: `Remove my connection to ${other}` }).count()).toBe(0);
        const text = (await page.locator("main").textContent()) ?? "";
        expect(text).toContain(sourceNames[own]);
        expect(text).not.toContain(sourceNames[other]);
        expect(await page.content()).not.toContain(person === "alice" ? aliceKey : bobKey);
      });
    }
  });

  it("offers the sign-in only from the server's own page, and a late or replayed redirect is refused", async () => {
    const offered = await fetch(`${server.url}/v1/me/sign-in`);
    expect(await offered.json()).toEqual({ available: true });
    const fromElsewhere = await fetch(`${server.url}/v1/me/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://127.0.0.2:9" },
      body: "{}",
    });
    expect(fromElsewhere.status).toBe(403);

    // The start names the console's client, PKCE S256, a nonce and this server's callback.
    const started = await fetch(`${server.url}/v1/me/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(started.status).toBe(200);
    const authorizationUrl = new URL(((await started.json()) as { authorizationUrl: string }).authorizationUrl);
    expect(authorizationUrl.origin).toBe(idp.issuer);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      client_id: "console",
      response_type: "code",
      scope: "openid",
      code_challenge_method: "S256",
      redirect_uri: `${server.url}/v1/auth/callback`,
    });
    expect(authorizationUrl.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    // A redirect with this state but a code the identity provider never issued: refused, no session; then the state is used.
    const state = authorizationUrl.searchParams.get("state") ?? "";
    // The start bound the sign-in to this client (a cookie sent only to the callback); the redirect brings it back.
    const [browserKey = ""] = started.headers.getSetCookie();
    expect(browserKey).toMatch(/^src_connect_[0-9a-f]{16}=[^;]+; Path=\/v1\/auth\/callback; HttpOnly; SameSite=Lax; /);
    const forged = await fetch(`${server.url}/v1/auth/callback?state=${state}&code=forged-code`, {
      redirect: "manual",
      headers: { cookie: browserKey.split(";")[0] ?? "" },
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.headers.getSetCookie().filter((cookie) => cookie.startsWith("src_person="))).toEqual([]);
    expect(await forged.text()).toContain("Signing in failed");
    const replayed = await fetch(`${server.url}/v1/auth/callback?state=${state}&code=forged-code`, {
      redirect: "manual",
    });
    expect(replayed.status).toBe(422);
    expect(await replayed.text()).toContain("sign in again from the page you came from");
  });

  it("gives no session to a browser that did not start the sign-in (a sign-in page someone else began)", async () => {
    // Someone starts a sign-in (and keeps its browser key), then has another browser finish it at the identity provider.
    const started = await fetch(`${server.url}/v1/me/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
    await withPerson(async (page, context) => {
      await page.goto(authorizationUrl);
      await signInAtIdentityProvider(page, "mallory");
      await page.getByRole("heading", { name: "Signing in failed" }).waitFor();
      expect(await page.content()).toContain("started in another browser");
      expect((await context.cookies(server.url)).map((cookie) => cookie.name)).not.toContain("src_person");
    });
  });
});

describe("an ID token its signer's published keys do not verify", { timeout: 120_000 }, () => {
  it("is refused: a page says so, and no session is given", async () => {
    // The same provider, but its jwks_uri publishes another key under its key's id: as if the token were forged.
    const forger = await startIdentityProvider(idpSecret, { publishAnotherKey: true });
    const home = await createTestHome();
    const other = await startBuiltServer({ ...home.env, SRC_OAUTH_CONSOLE_CLIENT_SECRET: idpSecret }, [
      "--oauth-issuer",
      forger.issuer,
      "--oauth-allow-loopback-clients",
      "--oauth-console-client-id",
      "console",
    ]);
    try {
      await withPerson(async (page) => {
        await page.goto(`${other.url}/#/me`);
        await page.getByRole("button", { name: "Sign in at your identity provider" }).click();
        await signInAtIdentityProvider(page, "alice");
        await page.getByRole("heading", { name: "Signing in failed", level: 1 }).waitFor();
        expect(await page.locator("body").textContent()).toContain("did not pass its checks");
        await page.goto(`${other.url}/#/me`);
        await page.getByRole("alert").filter({ hasText: "You are not signed in here" }).waitFor();
      });
      expect(other.output()).toContain('"event":"person_sign_in_failed"');
      expect(linesLeakingSecrets(other.output().split("\n"), [idpSecret, ...home.secrets])).toEqual([]);
    } finally {
      await other.stop();
      forger.stop();
      await home.cleanup();
    }
  });
});

describe("--oauth-console-client-id refusals", { timeout: 60_000 }, () => {
  it("stops the start without --oauth-issuer, and for a secret without the id (never printing the secret)", async () => {
    await expect(startBuiltServer(testHome.env, ["--oauth-console-client-id", "console"])).rejects.toThrow(
      /--oauth-console-client-id "console": .*give --oauth-issuer URL too/,
    );
    const start = startBuiltServer({ ...testHome.env, SRC_OAUTH_CONSOLE_CLIENT_SECRET: idpSecret }, [
      "--oauth-issuer",
      idp.issuer,
      "--oauth-allow-loopback-clients",
    ]);
    const refusal = await start.then(
      () => "started",
      (error: unknown) => (error as Error).message,
    );
    expect(refusal).toMatch(/SRC_OAUTH_CONSOLE_CLIENT_SECRET "\(set\)": .*--oauth-console-client-id/);
    expect(refusal).not.toContain(idpSecret);
  });
});
