import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { confirmDeviceCode, launchBrowser } from "../../../packages/auth-oauth2/test/play-browser";
import {
  startAuthorizationServer,
  type AuthorizationServer,
} from "../../../packages/auth-oauth2/test/start-authorization-server";
import { startOidcProvider, type OidcProvider } from "../../../packages/auth-oauth2/test/start-oidc-provider";
import { binPath, runSrc, type RunResult } from "./helpers/run-src";
import { loginFollowingPrintedUrl as followPrintedLogin } from "./helpers/login-following-printed-url";
import { createTempHome, type TempHome } from "./helpers/temp-home";

// Real providers through the built CLI: oidc-provider (a certified OpenID provider: discovery, device flow, refresh
// rotation, revocation) and the quirks server on oauth2-mock-server, each in its own process on 127.0.0.1; the
// device code is entered by Chromium, as a person on another device would.
const clientId = "desk-agent";
const clientSecret = "oidc-cl13nt-s3cret-4b3a2c";
const publicClientId = "desk-public";
/** The quirks servers' client: no "-" (oauth4webapi form-encodes it as %2D in Basic auth, which oauth2-mock-server does not decode). */
const quirksClientId = "deskquirks";
let temp: TempHome;
let provider: OidcProvider;
let narrow: AuthorizationServer;
/** The quirks of three providers, each reproduced by the authorization server's profile of that name. */
let quirks: Record<"google" | "entra" | "github", AuthorizationServer>;
let browser: Browser;
let api: Server;
let apiUrl = "";
const outputs: string[] = [];

async function src(args: string[], stdin?: string): Promise<RunResult> {
  const result = await runSrc(args, { env: temp.env, stdin, cwd: temp.home });
  outputs.push(result.stdout, result.stderr);
  return result;
}

beforeAll(async () => {
  let google: AuthorizationServer, entra: AuthorizationServer, github: AuthorizationServer;
  [provider, narrow, browser, google, entra, github] = await Promise.all([
    startOidcProvider({ clientId, clientSecret, publicClientId }),
    startAuthorizationServer({ clientId, clientSecret, profile: "narrow" }),
    launchBrowser(),
    startAuthorizationServer({ clientId: quirksClientId, clientSecret, profile: "google" }),
    startAuthorizationServer({ clientId: quirksClientId, clientSecret, profile: "entra" }),
    startAuthorizationServer({ clientId: quirksClientId, clientSecret, profile: "github" }),
  ]);
  quirks = { google, entra, github };
  // The API accepts the access tokens either server issued and nothing else.
  api = createServer((request, response) => {
    const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    void Promise.all([
      provider.accepts(token),
      narrow.accepts(token),
      ...Object.values(quirks).map((server) => server.accepts(token)),
    ]).then((answers) => {
      const accepted = answers.some(Boolean);
      response
        .writeHead(accepted ? 200 : 401, { "content-type": "application/json" })
        .end(JSON.stringify(accepted ? { path: request.url } : { error: "invalid_token" }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`;
}, 90_000);

afterAll(async () => {
  await new Promise<void>((resolve) => api?.close(() => resolve()));
  await Promise.all([
    provider?.stop(),
    narrow?.stop(),
    browser?.close(),
    ...Object.values(quirks ?? {}).map((server) => server.stop()),
  ]);
}, 60_000);

beforeEach(async () => {
  temp = await createTempHome();
  outputs.length = 0;
  await provider.settings({ interval: 1, deviceTtl: 600, slowDowns: 0, deny: false });
});

// Whatever a test did: neither the client secret nor any token either server issued is in an output or a file.
afterEach(async () => {
  const servers = [provider, narrow, ...Object.values(quirks)];
  const secrets = [
    clientSecret,
    ...(await Promise.all(servers.map(async (server) => (await server.state()).issued))).flat(),
  ];
  const everything = [...outputs, ...(await temp.files()).map((file) => file.text)].join("\n");
  for (const secret of secrets)
    expect(
      everything.includes(secret),
      "a token or the client secret leaked into an output or a file under SRC_HOME",
    ).toBe(false);
  await temp.cleanup();
}, 60_000);

/** The device-code source "desk" on oidc-provider, its endpoints discovered from --issuer. */
async function addDeviceSource(extra: string[] = [], stdin: string | undefined = clientSecret): Promise<RunResult> {
  return src(
    [
      "source",
      "add",
      "--name",
      "Desk",
      "--base-url",
      apiUrl,
      "--auth",
      "oauth2",
      "--issuer",
      provider.issuer,
      "--grant",
      "device_code",
      "--scope",
      "openid",
      "--scope",
      "offline_access",
      "--scope",
      "read:items",
      "--test-endpoint",
      "/me",
      ...extra,
      "--json",
    ],
    stdin,
  );
}

interface DeviceLogin {
  result: RunResult;
  url: string;
  userCode: string;
  urlComplete: string | undefined;
}

/** Runs `src auth login SLUG` and, once it printed the page and the code, lets `person` act on them. */
function deviceLogin(
  slug: string,
  person: (page: { url: string; userCode: string; urlComplete: string | undefined }) => Promise<unknown>,
): Promise<DeviceLogin> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, "auth", "login", slug, "--no-browser"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1", ...temp.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let page: { url: string; userCode: string; urlComplete: string | undefined } | undefined;
    let acted: Promise<unknown> = Promise.resolve();
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const found =
        /open this page on any device:\n(\S+)\nand enter the code (\S+)(?:\n\(or open (\S+), which has the code in it\))?/.exec(
          stderr,
        );
      if (found !== null && page === undefined && stderr.includes("Waiting")) {
        page = { url: found[1]!, userCode: found[2]!, urlComplete: found[3] };
        acted = person(page).catch(reject);
      }
    });
    child.once("error", reject);
    child.once("close", (code) => {
      outputs.push(stdout, stderr);
      void acted.then(() =>
        page === undefined
          ? reject(new Error(`no device code printed: ${stderr}`))
          : resolve({ result: { code, stdout, stderr }, ...page }),
      );
    });
    child.stdin.end();
  });
}

describe("src auth login with the device authorization grant (RFC 8628), against oidc-provider", () => {
  it("--issuer discovers the endpoints; login prints the page and the code, polls, backs off on slow_down; the call works; logout revokes", async () => {
    const added = await addDeviceSource(["--client-id", clientId, "--credential-stdin"]);
    expect(added.code, added.stderr).toBe(0);
    const source = JSON.parse(added.stdout).source;
    expect(source.api).toMatchObject({
      issuer: provider.issuer,
      tokenUrl: `${provider.issuer}/token`,
      deviceAuthorizationUrl: `${provider.issuer}/device/auth`,
      revocationUrl: `${provider.issuer}/token/revocation`,
    });

    await provider.settings({ interval: 1, slowDowns: 1 });
    const login = await deviceLogin("desk", ({ url, userCode }) => confirmDeviceCode(browser, { url, userCode }));
    expect(login.result.code, login.result.stderr).toBe(0);
    expect(login.url).toBe(`${provider.issuer}/device`);
    expect(login.userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(login.urlComplete).toContain("user_code=");
    expect(login.result.stdout + login.result.stderr).toMatch(/Signed in to "desk"/);
    // The first poll was answered slow_down; the next came at least five seconds later (RFC 8628 3.5).
    const polls = (await provider.state()).devicePolls;
    const slowed = polls.findIndex((poll) => poll.slowDown);
    expect(slowed).toBeGreaterThanOrEqual(0);
    expect(polls[slowed + 1]!.at - polls[slowed]!.at).toBeGreaterThanOrEqual(5000);

    const call = await src(["call", "desk", "GET", "/items", "--json"]);
    expect(JSON.parse(call.stdout)).toMatchObject({ ok: true, status: 200 });
    const status = JSON.parse((await src(["auth", "status", "desk", "--json"])).stdout);
    expect(status).toMatchObject({ grant: "device_code", hasRefreshToken: true, signedIn: true });

    const revocationsBefore = (await provider.state()).revocations;
    const logout = await src(["auth", "logout", "desk", "--json"]);
    expect(logout.code, logout.stderr).toBe(0);
    expect(JSON.parse(logout.stdout)).toMatchObject({ slug: "desk", forgotten: true, revoked: "revoked" });
    // The provider received the revocation (that it then refuses the refresh token is checked in @src/auth-oauth2's oidc-provider test).
    expect((await provider.state()).revocations).toBe(revocationsBefore + 1);
    expect(JSON.parse((await src(["auth", "status", "desk", "--json"])).stdout)).toMatchObject({
      hasAccessToken: false,
      hasRefreshToken: false,
      signedIn: false,
    });
  }, 120_000);

  it("stops with a clear message when the person refuses (access_denied), exit 2, nothing stored", async () => {
    expect((await addDeviceSource(["--client-id", clientId, "--credential-stdin"])).code).toBe(0);
    const login = await deviceLogin("desk", ({ url, urlComplete }) =>
      confirmDeviceCode(browser, { url, urlComplete, abort: true }),
    );
    expect(login.result.code).toBe(2);
    expect(login.result.stderr).toMatch(/refused on the verification page \(access_denied\)/);
    expect(login.result.stderr).toMatch(/src auth login desk/);
    expect(JSON.parse((await src(["auth", "status", "desk", "--json"])).stdout)).toMatchObject({
      hasAccessToken: false,
      signedIn: false,
    });
  }, 120_000);

  it("stops with a clear message when the code expires (expired_token)", async () => {
    expect((await addDeviceSource(["--client-id", clientId, "--credential-stdin"])).code).toBe(0);
    await provider.settings({ interval: 1, deviceTtl: 2 });
    const login = await deviceLogin("desk", () => Promise.resolve());
    expect(login.result.code).toBe(2);
    expect(login.result.stderr).toMatch(/code expired before the sign-in was finished/);
  }, 120_000);

  it("--client-auth none (a public client) asks for no secret, stores none, and signs in", async () => {
    // stdin closed and not a terminal: were a secret asked for, the add would fail.
    const added = await addDeviceSource(["--client-id", publicClientId, "--client-auth", "none"], undefined);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).not.toMatch(/secret/i);
    const login = await deviceLogin("desk", ({ url, urlComplete }) => confirmDeviceCode(browser, { url, urlComplete }));
    expect(login.result.code, login.result.stderr).toBe(0);
    expect(JSON.parse((await src(["call", "desk", "GET", "/items", "--json"])).stdout)).toMatchObject({
      ok: true,
      status: 200,
    });
  }, 120_000);
});

describe("a token response with a narrower scope than requested", () => {
  it("is recorded and shown by src auth status", async () => {
    const added = await src(
      [
        "source",
        "add",
        "--name",
        "CRM",
        "--base-url",
        apiUrl,
        "--auth",
        "oauth2",
        "--token-url",
        narrow.tokenUrl,
        "--grant",
        "client_credentials",
        "--scope",
        "read:items",
        "--scope",
        "write:items",
        "--client-id",
        clientId,
        "--test-endpoint",
        "/me",
        "--credential-stdin",
      ],
      clientSecret,
    );
    expect(added.code, added.stderr).toBe(0);
    const status = await src(["auth", "status", "crm", "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({
      scopes: ["read:items", "write:items"],
      grantedScopes: ["read:items"],
      scopesNotGranted: ["write:items"],
    });
    const text = await src(["auth", "status", "crm"]);
    expect(text.stdout).toMatch(/write:items/);
    expect(text.stdout).toMatch(/granted scopes: read:items \(narrower than requested: not write:items\)/);
  }, 60_000);
});

/** `src auth login SLUG`, the browser played by following the printed URL; the outputs join this file's scan. */
const loginFollowingPrintedUrl = (slug: string): Promise<RunResult> =>
  followPrintedLogin(slug, temp.env, (...printed) => outputs.push(...printed));

describe("provider quirks through the built CLI (authorization code grant)", () => {
  it("Google: --issuer discovery, an ID token whose issuer is not the token URL's origin, access_type=offline: signs in and calls", async () => {
    const google = quirks.google;
    expect(new URL(google.tokenUrl).origin).not.toBe(google.issuer);
    const added = await src(
      [
        "source",
        "add",
        "--name",
        "Mail",
        "--base-url",
        apiUrl,
        "--auth",
        "oauth2",
        "--issuer",
        google.issuer,
        "--grant",
        "authorization_code",
        "--scope",
        "openid",
        "--scope",
        "email",
        "--authorization-param",
        "access_type=offline",
        "--authorization-param",
        "prompt=consent",
        "--client-id",
        quirksClientId,
        "--test-endpoint",
        "/me",
        "--credential-stdin",
      ],
      clientSecret,
    );
    expect(added.code, added.stderr).toBe(0);
    const login = await loginFollowingPrintedUrl("mail");
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain("access_type=offline");
    expect(JSON.parse((await src(["call", "mail", "GET", "/me", "--json"])).stdout)).toMatchObject({
      ok: true,
      status: 200,
    });
    expect(JSON.parse((await src(["auth", "status", "mail", "--json"])).stdout)).toMatchObject({
      signedIn: true,
      hasRefreshToken: true,
    });
  }, 120_000);

  it("Microsoft Entra ID: the issuer with the tenant in its path; offline_access brings a refresh token", async () => {
    const entra = quirks.entra;
    expect(new URL(entra.issuer).pathname).toMatch(/\/v2\.0$/);
    const added = await src(
      [
        "source",
        "add",
        "--name",
        "Graph",
        "--base-url",
        apiUrl,
        "--auth",
        "oauth2",
        "--issuer",
        entra.issuer,
        "--grant",
        "authorization_code",
        "--scope",
        "openid",
        "--scope",
        "offline_access",
        "--scope",
        "User.Read",
        "--client-id",
        quirksClientId,
        "--test-endpoint",
        "/me",
        "--credential-stdin",
      ],
      clientSecret,
    );
    expect(added.code, added.stderr).toBe(0);
    const login = await loginFollowingPrintedUrl("graph");
    expect(login.code, login.stderr).toBe(0);
    expect(JSON.parse((await src(["call", "graph", "GET", "/me", "--json"])).stdout)).toMatchObject({
      ok: true,
      status: 200,
    });
    expect(JSON.parse((await src(["auth", "status", "graph", "--json"])).stdout)).toMatchObject({
      signedIn: true,
      hasRefreshToken: true,
    });
  }, 120_000);

  it("GitHub: URLs by hand, no expires_in and no refresh token (the token lives until refused), a form-encoded answer", async () => {
    const github = quirks.github;
    const added = await src(
      [
        "source",
        "add",
        "--name",
        "Hub",
        "--base-url",
        apiUrl,
        "--auth",
        "oauth2",
        "--token-url",
        github.tokenUrl,
        "--authorization-url",
        github.authorizationUrl,
        "--grant",
        "authorization_code",
        "--scope",
        "repo",
        "--client-id",
        quirksClientId,
        "--test-endpoint",
        "/me",
        "--credential-stdin",
      ],
      clientSecret,
    );
    expect(added.code, added.stderr).toBe(0);
    const login = await loginFollowingPrintedUrl("hub");
    expect(login.code, login.stderr).toBe(0);
    expect(JSON.parse((await src(["call", "hub", "GET", "/me", "--json"])).stdout)).toMatchObject({
      ok: true,
      status: 200,
    });
    const status = JSON.parse((await src(["auth", "status", "hub", "--json"])).stdout);
    expect(status).toMatchObject({ signedIn: true, hasRefreshToken: false });
    expect(status.accessTokenExpiresAt ?? null).toBeNull();
  }, 120_000);
});
