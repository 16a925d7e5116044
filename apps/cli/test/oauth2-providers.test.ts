import { spawn } from "node:child_process";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { confirmDeviceCode, launchBrowser } from "../../../packages/auth-oauth2/test/play-browser";
import {
  startAuthorizationServer,
  type AuthorizationServer,
} from "../../../packages/auth-oauth2/test/start-authorization-server";
import { startOidcProvider, type OidcProvider } from "../../../packages/auth-oauth2/test/start-oidc-provider";
import {
  startTokenCheckingApi,
  type TokenCheckingApi,
} from "../../../packages/auth-oauth2/test/start-token-checking-api";
import { binPath, runSrc, type RunResult } from "./helpers/run-src";
import { loginFollowingPrintedUrl as followPrintedLogin } from "./helpers/login-following-printed-url";
import { scopeFlags, sourceAddArgs } from "./helpers/source-add-args";
import { createTempHome, expectNoSecretLeaked, type TempHome } from "./helpers/temp-home";

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
let api: TokenCheckingApi;
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
  api = await startTokenCheckingApi(async (token) =>
    (
      await Promise.all([
        provider.accepts(token),
        narrow.accepts(token),
        ...Object.values(quirks).map((server) => server.accepts(token)),
      ])
    ).some(Boolean),
  );
  apiUrl = api.url;
}, 90_000);

afterAll(async () => {
  await api?.close();
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
  await expectNoSecretLeaked(secrets, outputs, temp);
  await temp.cleanup();
}, 60_000);

/**
 * `src source add` of the OAuth 2.0 source NAME on this file's API: `endpoints` (`--issuer URL`, or `--token-url` and
 * `--authorization-url`), the grant, the scopes, then `flags`.
 */
const addOAuth2Args = (name: string, endpoints: string[], grant: string, scopes: string[], ...flags: string[]) =>
  sourceAddArgs(
    { name, baseUrl: apiUrl },
    "--auth",
    "oauth2",
    ...endpoints,
    "--grant",
    grant,
    ...scopeFlags(...scopes),
    ...flags,
  );
/** The quirks servers' client, its secret on stdin. */
const quirksClient = ["--client-id", quirksClientId, "--credential-stdin"];

/** The device-code source "desk" on oidc-provider, its endpoints discovered from --issuer. */
async function addDeviceSource(extra: string[] = [], stdin: string | undefined = clientSecret): Promise<RunResult> {
  return src(
    addOAuth2Args(
      "Desk",
      ["--issuer", provider.issuer],
      "device_code",
      ["openid", "offline_access", "read:items"],
      ...extra,
      "--json",
    ),
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
      addOAuth2Args(
        "CRM",
        ["--token-url", narrow.tokenUrl],
        "client_credentials",
        ["read:items", "write:items"],
        "--client-id",
        clientId,
        "--credential-stdin",
      ),
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

/**
 * Adds the source SLUG with `args` (the client secret on stdin), signs in by following the printed URL and calls
 * GET /me through it (200): the sign-in's output, and `src auth status SLUG --json` after the call.
 */
async function addSignInAndCall(
  slug: string,
  args: string[],
): Promise<{ login: RunResult; status: Record<string, unknown> }> {
  const added = await src(args, clientSecret);
  expect(added.code, added.stderr).toBe(0);
  const login = await loginFollowingPrintedUrl(slug);
  expect(login.code, login.stderr).toBe(0);
  expect(JSON.parse((await src(["call", slug, "GET", "/me", "--json"])).stdout)).toMatchObject({
    ok: true,
    status: 200,
  });
  return {
    login,
    status: JSON.parse((await src(["auth", "status", slug, "--json"])).stdout) as Record<string, unknown>,
  };
}

describe("provider quirks through the built CLI (authorization code grant)", () => {
  it("Google: --issuer discovery, an ID token whose issuer is not the token URL's origin, access_type=offline: signs in and calls", async () => {
    const google = quirks.google;
    expect(new URL(google.tokenUrl).origin).not.toBe(google.issuer);
    const offlineConsent = ["--authorization-param", "access_type=offline", "--authorization-param", "prompt=consent"];
    const { login, status } = await addSignInAndCall(
      "mail",
      addOAuth2Args(
        "Mail",
        ["--issuer", google.issuer],
        "authorization_code",
        ["openid", "email"],
        ...offlineConsent,
        ...quirksClient,
      ),
    );
    expect(login.stderr).toContain("access_type=offline");
    expect(status).toMatchObject({ signedIn: true, hasRefreshToken: true });
  }, 120_000);

  it("Microsoft Entra ID: the issuer with the tenant in its path; offline_access brings a refresh token", async () => {
    const entra = quirks.entra;
    expect(new URL(entra.issuer).pathname).toMatch(/\/v2\.0$/);
    const { status } = await addSignInAndCall(
      "graph",
      addOAuth2Args(
        "Graph",
        ["--issuer", entra.issuer],
        "authorization_code",
        ["openid", "offline_access", "User.Read"],
        ...quirksClient,
      ),
    );
    expect(status).toMatchObject({ signedIn: true, hasRefreshToken: true });
  }, 120_000);

  it("GitHub: URLs by hand, no expires_in and no refresh token (the token lives until refused), a form-encoded answer", async () => {
    const github = quirks.github;
    const { status } = await addSignInAndCall(
      "hub",
      addOAuth2Args(
        "Hub",
        ["--token-url", github.tokenUrl, "--authorization-url", github.authorizationUrl],
        "authorization_code",
        ["repo"],
        ...quirksClient,
      ),
    );
    expect(status).toMatchObject({ signedIn: true, hasRefreshToken: false });
    expect(status.accessTokenExpiresAt ?? null).toBeNull();
  }, 120_000);
});
