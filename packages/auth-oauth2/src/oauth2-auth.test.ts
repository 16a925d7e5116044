import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import type { AuthorizeRequest } from "@src/auth";
import { AuthorizeError, createAuthSessionCache, runLoopbackSignIn } from "@src/auth";
import { describeAuthPluginConformance } from "@src/auth/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followToCallback } from "../test/follow-to-callback";
import { createOAuth2Context, type CredentialStore } from "../test/oauth2-context";
import type { AuthorizationServer } from "../test/start-authorization-server";
import { startAuthorizationServer } from "../test/start-authorization-server";
import { createOAuth2Auth } from "./oauth2-auth";
import { tokenRequestDeadline } from "./request-token";

const plugin = createOAuth2Auth();
const clientId = "crm-agent";
const clientSecret = "cl13nt-s3cret-value";
let server: AuthorizationServer;

// Starting a Node process and generating its RSA key can take a while on a busy machine.
beforeAll(async () => {
  server = await startAuthorizationServer({ clientId, clientSecret });
}, 60_000);
afterAll(() => server?.stop());

const api = () => ({ tokenUrl: server.tokenUrl, grant: "client_credentials", scopes: ["read:items"] });

describeAuthPluginConformance(plugin, () => ({
  config: api(),
  credential: { clientId, clientSecret },
  otherCredential: {
    clientId,
    clientSecret,
    accessToken: "other-access-token-value",
    expiresAt: Date.parse("2027-01-01"),
  },
}));

function attempt(attemptNumber = 1): AuthorizeRequest {
  return {
    method: "GET",
    url: new URL("http://127.0.0.1:9/v1/items"),
    headers: new Headers(),
    body: undefined,
    attempt: attemptNumber,
    signal: new AbortController().signal,
  };
}

async function requestsSince(count: number) {
  return (await server.state()).requests.slice(count);
}

async function tokenOf(request: AuthorizeRequest): Promise<string> {
  return request.headers.get("authorization")!.replace(/^Bearer /, "");
}

describe("client credentials", () => {
  it("16 concurrent calls cause one token request; later calls reuse the token, which is registered and saved", async () => {
    const before = (await server.state()).requests.length;
    const store: CredentialStore = { current: { clientId, clientSecret }, saves: 0 };
    const session = createAuthSessionCache();
    const registered: string[] = [];
    const requests = Array.from({ length: 16 }, () => attempt());
    await Promise.all(
      requests.map((request) =>
        plugin.authorize(request, createOAuth2Context({ api: api(), store, session, registered })),
      ),
    );
    for (let call = 0; call < 5; call += 1) {
      const request = attempt();
      await plugin.authorize(request, createOAuth2Context({ api: api(), store, session, registered }));
      requests.push(request);
    }
    const tokens = new Set(await Promise.all(requests.map(tokenOf)));
    expect(tokens.size).toBe(1);
    const [token] = [...tokens];
    expect(await server.accepts(token!)).toBe(true);
    expect(await requestsSince(before)).toMatchObject([
      {
        grant: "client_credentials",
        clientAuth: "client_secret_basic",
        scope: "read:items",
        audience: null,
        resource: null,
      },
    ]);
    expect(registered).toContain(token);
    expect(store.saves).toBe(1);
    expect(store.current.accessToken).toBe(token);
    expect(store.current.expiresAt).toBeGreaterThan(Date.now() + 3_000_000);
  });

  it("a second process reuses the saved access token without a token request", async () => {
    const store: CredentialStore = { current: { clientId, clientSecret }, saves: 0 };
    await plugin.authorize(attempt(), createOAuth2Context({ api: api(), store }));
    const before = (await server.state()).requests.length;
    const other = attempt();
    await plugin.authorize(other, createOAuth2Context({ api: api(), store, session: createAuthSessionCache() }));
    expect(await tokenOf(other)).toBe(store.current.accessToken);
    expect(await requestsSince(before)).toEqual([]);
  });

  it("fetches a new token shortly before expiry (injected clock)", async () => {
    const store: CredentialStore = { current: { clientId, clientSecret }, saves: 0 };
    const session = createAuthSessionCache();
    let time = Date.now();
    const context = () => createOAuth2Context({ api: api(), store, session, now: () => new Date(time) });
    const first = attempt();
    await plugin.authorize(first, context());
    time += 3600_000 - 60_000; // a minute left: still used
    const second = attempt();
    await plugin.authorize(second, context());
    time += 40_000; // 20 s left, inside the 30 s margin: renewed
    const third = attempt();
    await plugin.authorize(third, context());
    expect(await tokenOf(second)).toBe(await tokenOf(first));
    expect(await tokenOf(third)).not.toBe(await tokenOf(first));
  });

  it("sends client_secret_post, audience and resource when configured", async () => {
    const before = (await server.state()).requests.length;
    const store: CredentialStore = { current: { clientId, clientSecret }, saves: 0 };
    const config = {
      ...api(),
      clientAuth: "client_secret_post",
      audience: "https://api.example.test",
      resource: "https://api.example.test/v1",
      scopes: ["a", "b"],
    };
    await plugin.authorize(attempt(), createOAuth2Context({ api: config, store }));
    expect(await requestsSince(before)).toMatchObject([
      {
        grant: "client_credentials",
        clientAuth: "client_secret_post",
        scope: "a b",
        audience: "https://api.example.test",
        resource: "https://api.example.test/v1",
      },
    ]);
  });

  it("a 401 from the API asks for one retry, which gets a new token", async () => {
    const store: CredentialStore = { current: { clientId, clientSecret }, saves: 0 };
    const session = createAuthSessionCache();
    const first = attempt();
    await plugin.authorize(first, createOAuth2Context({ api: api(), store, session }));
    await server.revokeAccessTokens();
    const context = createOAuth2Context({ api: api(), store, session });
    expect(await plugin.onRejected!({ status: 401, headers: new Headers(), request: first }, context)).toEqual({
      retry: true,
    });
    const retry = attempt(2);
    await plugin.authorize(retry, createOAuth2Context({ api: api(), store, session }));
    expect(await tokenOf(retry)).not.toBe(await tokenOf(first));
    expect(await server.accepts(await tokenOf(retry))).toBe(true);
    expect(plugin.rejectedStatuses).toEqual([401]);
  });

  it("a wrong client secret is needs_auth with the server's code and a hint, and no secret in it", async () => {
    const store: CredentialStore = { current: { clientId, clientSecret: "wrong-s3cret-value" }, saves: 0 };
    const error = await plugin.authorize(attempt(), createOAuth2Context({ api: api(), store })).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(AuthorizeError.isInstance(error)).toBe(true);
    const authorizeError = error as AuthorizeError;
    expect([authorizeError.outcome, authorizeError.serverError]).toEqual(["needs_auth", "invalid_client"]);
    expect(authorizeError.message).toMatch(/refused the client credentials token request with "invalid_client"/);
    expect(authorizeError.hint).toMatch(/src credential set crm/);
    expect(inspect(error, { depth: 6 })).not.toContain("wrong-s3cret-value");
  });

  it("an authorization server that is down or unreachable is failed, retryable", async () => {
    await server.settings({ down: true });
    try {
      const store: CredentialStore = { current: { clientId, clientSecret }, saves: 0 };
      const down = await plugin
        .authorize(attempt(), createOAuth2Context({ api: api(), store }))
        .catch((error: unknown) => error as AuthorizeError);
      expect([down?.outcome, down?.retryable]).toEqual(["failed", true]);
      expect(down?.message).toMatch(/answered the client credentials token request with HTTP 503/);
    } finally {
      await server.settings({ down: false });
    }
    const store: CredentialStore = { current: { clientId, clientSecret }, saves: 0 };
    const unreachable = await plugin
      .authorize(attempt(), createOAuth2Context({ api: { ...api(), tokenUrl: "http://127.0.0.1:1/token" }, store }))
      .catch((error: unknown) => error as AuthorizeError);
    expect(unreachable?.outcome).toBe("failed");
    expect(unreachable?.message).toMatch(/could not be reached/);
  });
});

describe("an authorization server that never answers", () => {
  it("is failed after the token request's deadline, naming the server, instead of holding the call", async () => {
    const silent = createServer(() => {
      // Accepts the token request and never answers it.
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const deadline = tokenRequestDeadline.ms;
    tokenRequestDeadline.ms = 300;
    try {
      const store: CredentialStore = { current: { clientId, clientSecret }, saves: 0 };
      const started = performance.now();
      const refused = await plugin
        .authorize(
          attempt(),
          createOAuth2Context({ api: { ...api(), tokenUrl: `http://127.0.0.1:${port}/token` }, store }),
        )
        .catch((error: unknown) => error as AuthorizeError);
      expect(AuthorizeError.isInstance(refused)).toBe(true);
      expect([refused?.outcome, refused?.retryable]).toEqual(["failed", true]);
      expect(refused?.message).toBe(
        `the authorization server 127.0.0.1:${port} did not answer the client credentials token request within 0.3 s`,
      );
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(store.saves).toBe(0);
    } finally {
      tokenRequestDeadline.ms = deadline;
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

const codeApi = () => ({
  tokenUrl: server.tokenUrl,
  authorizationUrl: server.authorizationUrl,
  grant: "authorization_code",
  scopes: ["read:items"],
});

/** A credential signed in by a real authorization code grant, as `src auth login` stores it (with a refresh token). */
async function signedIn(): Promise<CredentialStore> {
  const credential = await runLoopbackSignIn({
    plugin,
    config: plugin.configSchema.parse(codeApi()),
    credential: { clientId, clientSecret },
    slug: "crm",
    onSignInPage: ({ url }) => void followToCallback(url),
  });
  return { current: plugin.credentialSchema.parse(credential), saves: 0 };
}

/** `src auth logout` in another process: the stored credential loses its tokens (and gets `signedOutAt`); no session is told. */
async function signOutElsewhere(store: CredentialStore, config: Record<string, unknown>): Promise<void> {
  const out = await plugin.signIn!.signOut({
    slug: "crm",
    now: () => new Date(),
    config: plugin.configSchema.parse(config),
    credential: store.current,
    signal: new AbortController().signal,
  });
  store.current = plugin.credentialSchema.parse(out!.credential);
}

describe("signing out", () => {
  it("a sign-out in another process makes this one forget its token: the next call gets a new one", async () => {
    const store: CredentialStore = { current: { clientId, clientSecret }, saves: 0 };
    const session = createAuthSessionCache();
    const first = attempt();
    await plugin.authorize(first, createOAuth2Context({ api: api(), store, session }));
    const forgotten = await tokenOf(first);
    await signOutElsewhere(store, api());
    expect(store.current.accessToken).toBeUndefined();
    const before = (await server.state()).requests.length;
    const next = attempt();
    await plugin.authorize(next, createOAuth2Context({ api: api(), store, session }));
    expect(await tokenOf(next)).not.toBe(forgotten);
    expect((await requestsSince(before)).map((request) => request.grant)).toEqual(["client_credentials"]);
    // The new token, obtained after the sign-out, is kept: no request for the calls after it.
    const later = attempt();
    await plugin.authorize(later, createOAuth2Context({ api: api(), store, session }));
    expect(await tokenOf(later)).toBe(await tokenOf(next));
    expect(await requestsSince(before)).toHaveLength(1);
  });

  it("an authorization code source signed out elsewhere asks to sign in, instead of sending the forgotten token", async () => {
    const store = await signedIn();
    const session = createAuthSessionCache();
    // This process refreshes (an expired stored token), so the token it sends lives in its session.
    await plugin.authorize(
      attempt(),
      createOAuth2Context({ api: codeApi(), store, session, now: () => new Date(Date.now() + 3600_000) }),
    );
    await signOutElsewhere(store, codeApi());
    const error = await plugin
      .authorize(attempt(), createOAuth2Context({ api: codeApi(), store, session }))
      .catch((thrown: unknown) => thrown as AuthorizeError);
    expect(error?.message).toMatch(/not signed in/);
  });
});

describe("refresh tokens", () => {
  it("refreshes an expired token with the refresh token; the rotated one is saved and used by a second process", async () => {
    const store = await signedIn();
    const firstRefresh = store.current.refreshToken!;
    let time = Date.now() + 3600_000; // expired
    const processA = createAuthSessionCache();
    const before = (await server.state()).requests.length;
    const fromA = attempt();
    await plugin.authorize(
      fromA,
      createOAuth2Context({ api: codeApi(), store, session: processA, now: () => new Date(time) }),
    );
    const rotated = store.current.refreshToken!;
    expect(rotated).not.toBe(firstRefresh);
    expect((await requestsSince(before)).map((request) => request.grant)).toEqual(["refresh_token"]);
    time += 3600_000;
    const fromB = attempt();
    await plugin.authorize(
      fromB,
      createOAuth2Context({ api: codeApi(), store, session: createAuthSessionCache(), now: () => new Date(time) }),
    );
    expect(await server.accepts(await tokenOf(fromB))).toBe(true);
    expect(store.current.refreshToken).not.toBe(rotated);
    // Process A, whose session still remembers the refresh token it rotated, takes the newer one from the vault.
    time += 3600_000;
    const againA = attempt();
    await plugin.authorize(
      againA,
      createOAuth2Context({ api: codeApi(), store, session: processA, now: () => new Date(time) }),
    );
    expect(await server.accepts(await tokenOf(againA))).toBe(true);
  });

  it("a revoked refresh token is needs_auth with invalid_grant and a hint to sign in again", async () => {
    const store = await signedIn();
    await server.revokeRefreshTokens();
    const error = await plugin
      .authorize(attempt(), createOAuth2Context({ api: codeApi(), store, now: () => new Date(Date.now() + 7200_000) }))
      .catch((thrown: unknown) => thrown as AuthorizeError);
    expect([error?.outcome, error?.serverError]).toEqual(["needs_auth", "invalid_grant"]);
    expect(error?.hint).toMatch(/src auth login crm/);
  });

  it("an authorization code source with nothing stored asks to sign in", async () => {
    const store: CredentialStore = { current: { clientId, clientSecret }, saves: 0 };
    const error = await plugin
      .authorize(attempt(), createOAuth2Context({ api: codeApi(), store }))
      .catch((thrown: unknown) => thrown as AuthorizeError);
    expect(error?.message).toMatch(/not signed in/);
    expect(error?.hint).toMatch(/src auth login crm/);
  });
});
