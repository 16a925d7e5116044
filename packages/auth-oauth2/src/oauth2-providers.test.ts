import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AuthorizeError, runLoopbackSignIn } from "@src/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followToCallback } from "../test/follow-to-callback";
import {
  startAuthorizationServer,
  type AuthorizationServer,
  type AuthorizationServerProfile,
} from "../test/start-authorization-server";
import { discoverOAuth2Config } from "./discovery/discover-oauth2-config";
import { normalizeTokenResponse } from "./normalize-token-response";
import { createOAuth2Auth } from "./oauth2-auth";
import { oauth2ConfigSchema, type OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";

// Provider quirks, each reproduced by a profile of the test authorization server (its own process, 127.0.0.1 and
// 127.0.0.2), signed in through the loopback sign-in of `src auth login` with the plugin's own steps.
const plugin = createOAuth2Auth();
const clientId = "providerclient"; // no "-": oauth4webapi form-encodes it as %2D in Basic auth, which oauth2-mock-server does not decode
const clientSecret = "pr0v1der-s3cret-9a8b";
const servers = new Map<AuthorizationServerProfile, AuthorizationServer>();
const signal = () => AbortSignal.timeout(30_000);

beforeAll(async () => {
  await Promise.all(
    (["default", "google", "entra", "github", "narrow"] as const).map(async (profile) => {
      servers.set(profile, await startAuthorizationServer({ clientId, clientSecret, profile }));
    }),
  );
}, 120_000);
afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

const server = (profile: AuthorizationServerProfile) => servers.get(profile)!;

/** The config `src source add` would write: the given fields, then what discovery filled in. */
async function discovered(api: Record<string, unknown>): Promise<OAuth2Config> {
  const found = await discoverOAuth2Config({ api, signal: signal() });
  return oauth2ConfigSchema.parse({ ...api, ...found?.config });
}

/** The config of an authorization code source with the server's endpoints given (no discovery), and `fields`. */
function codeGrantConfig(authorization: AuthorizationServer, fields: Record<string, unknown> = {}): OAuth2Config {
  return oauth2ConfigSchema.parse({
    tokenUrl: authorization.tokenUrl,
    authorizationUrl: authorization.authorizationUrl,
    grant: "authorization_code",
    ...fields,
  });
}

/** What the sign-in steps (`status`, `signOut`) are given for this source. */
function sourceOf(config: OAuth2Config, credential: OAuth2Credential) {
  return { slug: "api", config, credential, now: () => new Date(), signal: signal() };
}

/** `src auth login`: the loopback sign-in, the browser played by following the redirect. */
function login(
  config: OAuth2Config,
  credential: OAuth2Credential = { clientId, clientSecret },
): Promise<OAuth2Credential> {
  return runLoopbackSignIn({
    plugin,
    slug: "api",
    config,
    credential,
    timeoutMs: 20_000,
    onSignInPage: ({ url }) => void followToCallback(url),
  }) as Promise<OAuth2Credential>;
}

describe("ID tokens (the held-back bug): a token response whose ID token issuer is not the token URL's origin", () => {
  it("Google-like: without api.issuer the ID token is set aside and the sign-in succeeds", async () => {
    const google = server("google");
    const config = oauth2ConfigSchema.parse({
      tokenUrl: google.tokenUrl,
      authorizationUrl: google.authorizationUrl,
      grant: "authorization_code",
      scopes: ["openid", "email"],
    });
    expect(new URL(google.tokenUrl).origin).not.toBe(google.issuer);
    const signedIn = await login(config);
    expect(await google.accepts(signedIn.accessToken!)).toBe(true);
  });

  it("Google-like: with the issuer from discovery the ID token is checked against it, and the sign-in succeeds", async () => {
    const google = server("google");
    const config = await discovered({
      issuer: google.issuer,
      grant: "authorization_code",
      scopes: ["openid", "email"],
      authorizationParams: { access_type: "offline" },
    });
    expect(config).toMatchObject({
      tokenUrl: google.tokenUrl,
      authorizationUrl: google.authorizationUrl,
      revocationUrl: google.revocationUrl,
    });
    const signedIn = await login(config);
    expect(await google.accepts(signedIn.accessToken!)).toBe(true);
  });

  it("an ID token from another issuer than api.issuer is refused: the check is real", async () => {
    const google = server("google");
    const config = oauth2ConfigSchema.parse({
      issuer: server("entra").issuer,
      tokenUrl: google.tokenUrl,
      authorizationUrl: google.authorizationUrl,
      grant: "authorization_code",
      scopes: ["openid"],
    });
    const error = (await login(config).catch((thrown: unknown) => thrown)) as AuthorizeError;
    expect(AuthorizeError.isInstance(error)).toBe(true);
    expect(error.outcome).toBe("failed");
    expect(error.message).toContain("with an ID token that did not pass its check");
    expect(error.message).toContain(`"iss" (issuer) claim is not api.issuer: expected "${server("entra").issuer}"`);
    expect(error.hint).toContain('check api.issuer of source "api"');
  });

  it("an ID token whose aud is not the client id fails naming aud and what to check; no token comes back to save", async () => {
    // The mock puts the client id as oauth4webapi's Basic auth encodes it ("g%2Dclient") in the ID token's aud.
    const google = await startAuthorizationServer({ clientId: "g-client", clientSecret, profile: "google" });
    try {
      const config = await discovered({ issuer: google.issuer, grant: "authorization_code", scopes: ["openid"] });
      const outcome = await login(config, { clientId: "g-client", clientSecret }).then(
        (credential) => ({ credential }),
        (thrown: unknown) => ({ thrown }),
      );
      expect(outcome).not.toHaveProperty("credential");
      const error = (outcome as { thrown: AuthorizeError }).thrown;
      expect(AuthorizeError.isInstance(error)).toBe(true);
      expect(error.outcome).toBe("failed");
      expect(error.message).toBe(
        `the authorization server ${new URL(google.tokenUrl).host} answered the authorization code exchange with an ID token that did not pass its check: its "aud" (audience) claim is not this client: expected the client id "g-client", got "g%2Dclient"`,
      );
      expect(error.message).not.toMatch(/not a valid OAuth 2\.0 token response/);
      expect(error.hint).toMatch(
        /check the client id of source "api" \(stored with `src credential set api`\).*provider's admin/,
      );
      const { issued } = await google.state();
      expect(issued.length).toBeGreaterThan(0);
      const said = JSON.stringify({ message: error.message, hint: error.hint, cause: error.cause });
      for (const token of issued) expect(said).not.toContain(token);
      expect(said).not.toContain(clientSecret);
    } finally {
      await google.stop();
    }
  });

  it("a malformed token response (its id_token not a string) keeps saying it is not a valid token response", async () => {
    const broken = createServer((request, response) => {
      request.resume();
      request.on("end", () =>
        response
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ access_token: "at-not-shown-1234", token_type: "Bearer", id_token: 42 })),
      );
    });
    await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
    try {
      const origin = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
      const config = oauth2ConfigSchema.parse({
        issuer: origin,
        tokenUrl: `${origin}/token`,
        authorizationUrl: `${server("default").authorizationUrl}`,
        grant: "authorization_code",
        scopes: ["openid"],
      });
      const error = (await login(config).catch((thrown: unknown) => thrown)) as AuthorizeError;
      expect(AuthorizeError.isInstance(error)).toBe(true);
      expect(error.message).toBe(
        `the authorization server ${new URL(origin).host} gave an answer to the authorization code exchange that is not a valid OAuth 2.0 token response`,
      );
      expect(error.message + (error.hint ?? "")).not.toContain("at-not-shown-1234");
    } finally {
      await new Promise((resolve) => broken.close(resolve));
    }
  });

  it("Entra-like: the issuer with the tenant in its path, found by OpenID Connect discovery; the ID token checks out", async () => {
    const entra = server("entra");
    expect(new URL(entra.issuer).pathname).toMatch(/^\/[\w-]+\/v2\.0$/);
    const config = await discovered({
      issuer: entra.issuer,
      grant: "authorization_code",
      scopes: ["openid", "offline_access", "User.Read"],
    });
    expect(config).toMatchObject({ tokenUrl: entra.tokenUrl, authorizationUrl: entra.authorizationUrl });
    expect(config.revocationUrl).toBeUndefined();
    const signedIn = await login(config);
    expect(await entra.accepts(signedIn.accessToken!)).toBe(true);
    expect(signedIn.refreshToken).toBeTypeOf("string");
  });
});

describe("provider quirks", () => {
  it("Entra-like: without offline_access no refresh token is given, and status says none is stored", async () => {
    const entra = server("entra");
    const config = await discovered({ issuer: entra.issuer, grant: "authorization_code", scopes: ["User.Read"] });
    const signedIn = await login(config);
    expect(signedIn.refreshToken).toBeUndefined();
    const status = plugin.signIn!.status(sourceOf(config, signedIn));
    expect(status.lines).toContain("  refresh token: none");
  });

  it("Google-like: a refresh token only on consent; a later sign-in without one keeps the stored one; prompt=consent gets a new one", async () => {
    const google = server("google");
    const offline = await discovered({
      issuer: google.issuer,
      grant: "authorization_code",
      scopes: ["email"],
      authorizationParams: { access_type: "offline" },
    });
    const consenting = oauth2ConfigSchema.parse({
      ...offline,
      authorizationParams: { access_type: "offline", prompt: "consent" },
    });
    const first = await login(consenting);
    expect(first.refreshToken).toBeTypeOf("string");
    const issuedBefore = (await google.state()).issued.length;
    const second = await login(offline, first);
    const issuedNow = (await google.state()).issued.slice(issuedBefore);
    expect(issuedNow).toHaveLength(1); // an access token only: the consent was given before
    expect(second.accessToken).toBe(issuedNow[0]);
    expect(second.refreshToken).toBe(first.refreshToken);
    const third = await login(consenting, second);
    expect(third.refreshToken).toBeTypeOf("string");
    expect(third.refreshToken).not.toBe(first.refreshToken);
    expect((await google.state()).requests.at(-1)?.authorizedScope).toBe("email");
  });

  it("GitHub-like: no expires_in (the token lives until refused), no refresh token, comma-separated scopes", async () => {
    const github = server("github");
    const config = codeGrantConfig(github, { scopes: ["repo", "read:org"] });
    const signedIn = await login(config);
    expect(signedIn).toMatchObject({ grantedScopes: ["repo", "read:org"] });
    expect(signedIn.expiresAt).toBeUndefined();
    expect(signedIn.refreshToken).toBeUndefined();
    const status = plugin.signIn!.status(sourceOf(config, signedIn));
    expect(status.lines.join("\n")).toMatch(/access token: valid \(no expiry given: until the API refuses it\)/);
    expect((await github.state()).requests.at(-1)?.accept).toBe("application/json");
  });

  it("GitHub-like: a client that forgets Accept: application/json gets a form-encoded answer, which src reads as the token response it is", async () => {
    const github = server("github");
    const raw = await fetch(github.tokenUrl, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${clientId}:wrong`).toString("base64")}`,
      },
      body: "grant_type=client_credentials",
    });
    expect(raw.headers.get("content-type")).toMatch(/application\/x-www-form-urlencoded/);
    expect(raw.status).toBe(200);
    const normalized = await normalizeTokenResponse(raw, { dropIdToken: true });
    expect(normalized.status).toBe(400);
    expect(await normalized.json()).toMatchObject({ error: "invalid_client" });
  });

  it("a narrower scope answer is recorded and shown by status", async () => {
    const narrow = server("narrow");
    const config = codeGrantConfig(narrow, { scopes: ["read:items", "write:items"] });
    const signedIn = await login(config);
    expect(signedIn.grantedScopes).toEqual(["read:items"]);
    const status = plugin.signIn!.status(sourceOf(config, signedIn));
    expect(status.details).toMatchObject({ grantedScopes: ["read:items"], scopesNotGranted: ["write:items"] });
    expect(status.lines).toContain("  granted scopes: read:items (narrower than requested: not write:items)");
  });
});

describe("sign-out revokes (RFC 7009)", () => {
  it("revokes the refresh token at the discovered revocation endpoint, then forgets the tokens", async () => {
    const authorization = server("default");
    const config = await discovered({ issuer: authorization.issuer, grant: "authorization_code" });
    const signedIn = await login(config);
    const before = (await authorization.state()).revocations.length;
    const out = await plugin.signIn!.signOut(sourceOf(config, signedIn));
    expect(out).toMatchObject({ revoked: "revoked", credential: { clientId, clientSecret } });
    expect(out?.credential).not.toHaveProperty("refreshToken");
    expect((await authorization.state()).revocations.slice(before)).toEqual([
      { clientAuth: "client_secret_basic", tokenTypeHint: "refresh_token", known: true },
    ]);
    expect((await authorization.state()).validRefreshTokens).not.toContain(signedIn.refreshToken);
    expect(await authorization.accepts(signedIn.accessToken!)).toBe(false);
  });

  it("a server without a revocation endpoint: the tokens are forgotten, revoked is not-supported", async () => {
    const github = server("github");
    const config = codeGrantConfig(github);
    const out = await plugin.signIn!.signOut(sourceOf(config, { clientId, clientSecret, accessToken: "gho_example" }));
    expect(out).toEqual({
      revoked: "not-supported",
      credential: { clientId, clientSecret, signedOutAt: expect.any(Number) as number },
    });
  });

  it("a server that is down: the tokens are forgotten anyway, and the message says so without a token", async () => {
    const authorization = server("default");
    const config = codeGrantConfig(authorization, { revocationUrl: authorization.revocationUrl });
    await authorization.settings({ down: true });
    try {
      const out = await plugin.signIn!.signOut(
        sourceOf(config, { clientId, clientSecret, refreshToken: "refresh-value-never-shown" }),
      );
      expect(out).toMatchObject({ revoked: "failed", credential: { clientId, clientSecret } });
      expect(out?.message).toMatch(/could not be revoked at 127\.0\.0\.1:\d+: it answered HTTP 503/);
      expect(JSON.stringify(out)).not.toContain("refresh-value-never-shown");
    } finally {
      await authorization.settings({ down: false });
    }
  });
});

describe("discovery", () => {
  it("RFC 8414 first: endpoints, supported grants; a server that lists PKCE methods without S256 is named, and S256 is still sent", async () => {
    const authorization = server("default");
    await authorization.settings({ advertisePkce: ["plain"] });
    try {
      const found = await discoverOAuth2Config({
        api: { issuer: authorization.issuer, grant: "authorization_code" },
        signal: signal(),
      });
      expect(found).toMatchObject({
        config: {
          tokenUrl: authorization.tokenUrl,
          authorizationUrl: authorization.authorizationUrl,
          revocationUrl: authorization.revocationUrl,
          grantsSupported: ["authorization_code", "client_credentials", "refresh_token"],
        },
        from: `the metadata of the issuer ${authorization.issuer}`,
      });
      expect(found?.notes.join("\n")).toMatch(/advertises the PKCE methods plain but not S256; src sends S256 anyway/);
      let url = "";
      await runLoopbackSignIn({
        plugin,
        slug: "api",
        config: oauth2ConfigSchema.parse({
          issuer: authorization.issuer,
          ...found?.config,
          grant: "authorization_code",
        }),
        credential: { clientId, clientSecret },
        timeoutMs: 20_000,
        onSignInPage: (page) => {
          url = page.url;
          void followToCallback(page.url);
        },
      });
      expect(new URL(url).searchParams.get("code_challenge_method")).toBe("S256");
      await authorization.settings({ advertisePkce: null });
      const silent = await discoverOAuth2Config({
        api: { issuer: authorization.issuer, grant: "authorization_code" },
        signal: signal(),
      });
      expect(silent?.notes.join("\n")).toMatch(/does not say which PKCE methods it supports; src sends S256/);
    } finally {
      await authorization.settings({ advertisePkce: ["plain", "S256"] });
    }
  });

  it("a grant the server does not offer is refused, naming what it offers", async () => {
    const error = await discoverOAuth2Config({
      api: { issuer: server("default").issuer, grant: "device_code" },
      signal: signal(),
    }).catch((thrown: unknown) => thrown as Error);
    expect((error as Error).message).toMatch(
      /does not offer the device_code grant; it offers client_credentials, authorization_code/,
    );
  });

  it("an issuer that publishes no metadata: a clear error naming both well-known paths", async () => {
    const error = await discoverOAuth2Config({ api: { issuer: server("github").issuer }, signal: signal() }).catch(
      (thrown: unknown) => thrown as AuthorizeError,
    );
    expect(AuthorizeError.isInstance(error)).toBe(true);
    expect((error as AuthorizeError).message).toMatch(
      /no OAuth 2\.0 metadata found for the issuer .*oauth-authorization-server.*openid-configuration/,
    );
  });

  describe("RFC 9728: the test endpoint names its authorization server", () => {
    let api: Server;
    let apiUrl = "";
    let announce = true;
    beforeAll(async () => {
      api = createServer((request, response) => {
        const origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
        if (request.url === "/.well-known/oauth-protected-resource/v1") {
          response.writeHead(200, { "content-type": "application/json" }).end(
            JSON.stringify({
              resource: `${origin}/v1`,
              authorization_servers: [server("entra").issuer],
              scopes_supported: ["items.read"],
            }),
          );
          return;
        }
        response
          .writeHead(
            401,
            announce
              ? {
                  "www-authenticate": `Bearer realm="api", resource_metadata="${origin}/.well-known/oauth-protected-resource/v1"`,
                }
              : { "www-authenticate": 'Bearer realm="api"' },
          )
          .end();
      });
      await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
      apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`;
    });
    afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

    it("a 401 with resource_metadata leads to the issuer and its endpoints", async () => {
      announce = true;
      const found = await discoverOAuth2Config({
        api: { baseUrl: apiUrl, testEndpoint: "/me", grant: "authorization_code" },
        signal: signal(),
      });
      expect(found?.config).toMatchObject({
        issuer: server("entra").issuer,
        tokenUrl: server("entra").tokenUrl,
        authorizationUrl: server("entra").authorizationUrl,
      });
      expect(found?.from).toMatch(/protected resource metadata .*oauth-protected-resource\/v1.*RFC 9728/);
      expect(found?.notes.join("\n")).toMatch(/the API uses the scopes items\.read/);
    });

    it("a 401 without resource_metadata: nothing is found (the token URL stays required)", async () => {
      announce = false;
      expect(
        await discoverOAuth2Config({ api: { baseUrl: apiUrl, testEndpoint: "/me" }, signal: signal() }),
      ).toBeUndefined();
      announce = true;
    });

    it("given URLs are never replaced, and no probe is made when a token URL is given", async () => {
      expect(
        await discoverOAuth2Config({
          api: { baseUrl: apiUrl, testEndpoint: "/me", tokenUrl: "https://auth.example.com/token" },
          signal: signal(),
        }),
      ).toBeUndefined();
    });
  });
});
