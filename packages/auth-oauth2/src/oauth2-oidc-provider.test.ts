import { AuthorizeError, pollSignIn, runLoopbackSignIn, type SignInStart } from "@src/auth";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmDeviceCode, launchBrowser, signInInBrowser } from "../test/play-browser";
import { startOidcProvider, type OidcProvider } from "../test/start-oidc-provider";
import { discoverOAuth2Config } from "./discovery/discover-oauth2-config";
import { createOAuth2Auth } from "./oauth2-auth";
import { oauth2ConfigSchema, type OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";
import { requestRefreshedToken } from "./request-token";

// Against oidc-provider (a certified OpenID provider) in its own process, a real Chromium playing the person.
const plugin = createOAuth2Auth();
const clientId = "oidcclient";
const clientSecret = "01dc-cl13nt-s3cret-value";
const publicClientId = "oidcpublic";
let provider: OidcProvider;
let browser: Browser;

beforeAll(async () => {
  [provider, browser] = await Promise.all([
    startOidcProvider({ clientId, clientSecret, publicClientId }),
    launchBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([provider?.stop(), browser?.close()]);
});

const now = () => new Date();
const signal = () => AbortSignal.timeout(60_000);

async function configFor(api: Record<string, unknown>): Promise<OAuth2Config> {
  const found = await discoverOAuth2Config({ api, signal: signal() });
  return oauth2ConfigSchema.parse({ ...api, ...found?.config });
}

describe("oidc-provider: discovery, authorization code, refresh rotation, revocation", () => {
  it("signs in with the discovered endpoints; the ID token (its own issuer, with a path) checks out; refresh rotates; logout revokes", async () => {
    const config = await configFor({
      issuer: provider.issuer,
      grant: "authorization_code",
      scopes: ["openid", "offline_access", "read:items"],
      authorizationParams: { prompt: "consent" },
    });
    expect(config.revocationUrl).toMatch(/\/oidc\/token\/revocation$/);
    expect(config.deviceAuthorizationUrl).toMatch(/\/oidc\/device\/auth$/);
    let played: Promise<string> | undefined;
    const signedIn = (await runLoopbackSignIn({
      plugin,
      slug: "oidc",
      config,
      credential: { clientId, clientSecret },
      timeoutMs: 60_000,
      onSignInPage: ({ url }) => void (played = signInInBrowser(browser, url)),
    })) as OAuth2Credential;
    // The browser's page closes before the test goes on (the browser is closed after the last test).
    await played;
    expect(await provider.accepts(signedIn.accessToken!)).toBe(true);
    expect(signedIn.refreshToken).toBeTypeOf("string");
    const refreshed = await requestRefreshedToken(
      { config, credential: signedIn, slug: "oidc", now, signal: signal() },
      signedIn.refreshToken!,
    );
    expect(refreshed.refreshToken).not.toBe(signedIn.refreshToken);
    expect(await provider.refreshTokenValid(signedIn.refreshToken!)).toBe(false);
    const out = await plugin.signIn!.signOut({
      slug: "oidc",
      config,
      credential: { ...signedIn, accessToken: refreshed.accessToken, refreshToken: refreshed.refreshToken },
      now,
      signal: signal(),
    });
    expect(out?.revoked).toBe("revoked");
    expect(await provider.refreshTokenValid(refreshed.refreshToken!)).toBe(false);
  }, 90_000);
});

describe("oidc-provider: the device authorization grant (RFC 8628)", () => {
  const deviceConfig = () =>
    configFor({
      issuer: provider.issuer,
      grant: "device_code",
      clientAuth: "none",
      scopes: ["openid", "offline_access"],
    });

  /** Sets the provider's device settings, then begins a device sign-in as the public client; `poll` polls it. */
  async function beginDeviceSignIn(settings: Parameters<OidcProvider["settings"]>[0]) {
    await provider.settings(settings);
    const config = await deviceConfig();
    const credential = { clientId: publicClientId };
    const start = await plugin.signIn!.begin({
      slug: "tv",
      config,
      credential,
      redirectUri: "http://127.0.0.1:1/unused",
      now,
      signal: signal(),
    });
    const poll = (from: SignInStart = start) =>
      pollSignIn({
        steps: plugin.signIn as never,
        source: { slug: "tv", config, credential, now, signal: signal() },
        start: from,
      });
    return { start, poll };
  }

  it("begin gives the verification URL and user code; polling at the interval signs in once the person confirms; a public client sends no secret", async () => {
    const { start, poll } = await beginDeviceSignIn({ interval: 1, slowDowns: 0, deny: false, deviceTtl: 600 });
    expect(start).toMatchObject({ awaits: "poll", intervalSeconds: 1 });
    expect(start.userCode).toMatch(/^[A-Z]{4}-?[A-Z]{4}$/);
    expect(start.url).toMatch(/\/oidc\/device$/);
    expect(start.urlComplete).toContain("user_code=");
    const polling = poll();
    await expect.poll(async () => (await provider.state()).devicePolls.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const page = await confirmDeviceCode(browser, { url: start.url, urlComplete: start.urlComplete });
    expect(page).toMatch(/success|sign-in complete|connected/i);
    const signedIn = (await polling) as OAuth2Credential;
    expect(await provider.accepts(signedIn.accessToken!)).toBe(true);
    expect(signedIn).not.toHaveProperty("clientSecret");
  }, 90_000);

  it("slow_down: the next poll waits five seconds more", async () => {
    const { start, poll } = await beginDeviceSignIn({ interval: 1, slowDowns: 1, deny: false, deviceTtl: 600 });
    const before = (await provider.state()).devicePolls.length;
    const polling = poll();
    await expect
      .poll(async () => (await provider.state()).devicePolls.length - before, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
    await confirmDeviceCode(browser, { url: start.url, urlComplete: start.urlComplete });
    await polling;
    const polls = (await provider.state()).devicePolls.slice(before);
    expect(polls[0]?.slowDown).toBe(true);
    expect(polls[1]!.at - polls[0]!.at).toBeGreaterThanOrEqual(5_500);
  }, 90_000);

  it("access_denied on the verification page ends the polling with a clear message", async () => {
    const { start, poll } = await beginDeviceSignIn({ interval: 1, slowDowns: 0, deny: false, deviceTtl: 600 });
    const polling = poll().catch((error: unknown) => error as AuthorizeError);
    await confirmDeviceCode(browser, { url: start.url, urlComplete: start.urlComplete, abort: true });
    const error = (await polling) as AuthorizeError;
    expect(AuthorizeError.isInstance(error)).toBe(true);
    expect([error.outcome, error.serverError, error.message]).toEqual([
      "needs_auth",
      "access_denied",
      "the sign-in was refused on the verification page (access_denied)",
    ]);
  }, 90_000);

  it("expired_token: a code not confirmed in time ends the polling with a clear message", async () => {
    try {
      const { start, poll } = await beginDeviceSignIn({ interval: 1, slowDowns: 0, deny: false, deviceTtl: 2 });
      // Poll past the code's own expiry: the server says expired_token (src's own clock check is moved out of the way).
      const error = (await poll({ ...start, expiresAt: undefined }).catch(
        (thrown: unknown) => thrown,
      )) as AuthorizeError;
      expect([error.serverError, error.message]).toEqual([
        "expired_token",
        "the sign-in code expired before the sign-in was finished",
      ]);
      expect(error.hint).toMatch(/src auth login tv/);
    } finally {
      await provider.settings({ deviceTtl: 600 });
    }
  }, 90_000);
});
