import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  sha256Of,
  type StoredAccessToken,
  type StoredAgentToken,
  type StoredAuthorizationCode,
  type StoredAuthorizationRequest,
  type StoredRefreshToken,
} from "../access/access-records";
import { AgentAccessError } from "../access/agent-access-error";
import type { AgentAccessStore } from "../access/agent-access-store-contract";

/** How the contract reaches the store under test. */
export interface AgentAccessStoreContractOptions {
  /**
   * A store. `place: "fresh"` opens it on a new, empty place (a new `SRC_HOME`, a new database);
   * `place: "same"` opens another instance on the place of the last fresh one, as a second
   * process or replica would (for the "a change is seen everywhere within 2 s" check).
   */
  readonly open: (place: "fresh" | "same") => Promise<AgentAccessStore>;
}

const hour = 3_600_000;
const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();
const randomSha = (): string => sha256Of(randomBytes(16).toString("hex"));
const id = (): string => randomBytes(16).toString("hex");

function staticToken(name: string, value = `srca_${randomBytes(12).toString("hex")}`): StoredAgentToken {
  return {
    id: id(),
    name,
    prefix: value.slice(0, 12),
    sha256: sha256Of(value),
    sources: ["alpha"],
    readOnly: false,
    rateLimit: null,
    createdAt: new Date().toISOString(),
    expiresAt: null,
    lastUsedAt: null,
  };
}

function grant(name: string): StoredAgentToken {
  return {
    id: id(),
    name,
    prefix: null,
    sha256: null,
    sources: ["alpha", "beta"],
    readOnly: false,
    readOnlySources: ["beta"],
    rateLimit: null,
    createdAt: new Date().toISOString(),
    expiresAt: isoIn(30 * 24 * hour),
    client: { id: "https://agent.example/client.json", name: "Example Agent" },
    lastUsedAt: null,
  };
}

function tokensOf(token: StoredAgentToken): { accessToken: StoredAccessToken; refreshToken: StoredRefreshToken } {
  return {
    accessToken: {
      sha256: randomSha(),
      tokenId: token.id,
      resource: "https://src.example.test/mcp",
      expiresAt: isoIn(hour),
    },
    refreshToken: {
      sha256: randomSha(),
      tokenId: token.id,
      resource: "https://src.example.test/mcp",
      expiresAt: token.expiresAt,
      usedAt: null,
    },
  };
}

/** The client of the contract's authorization requests and codes, and the PKCE challenge its token request answers. */
const exampleClient = {
  clientId: "https://agent.example/client.json",
  clientName: "Example Agent",
  redirectUri: "http://127.0.0.1:9/callback",
  redirectUriGiven: true,
  codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
} as const;

function code(expiresInMs = 60_000): StoredAuthorizationCode {
  return {
    sha256: randomSha(),
    ...exampleClient,
    resource: "https://src.example.test/mcp",
    consent: { sources: ["alpha"], readOnlySources: [], expiresAt: null },
    createdAt: new Date().toISOString(),
    expiresAt: isoIn(expiresInMs),
    usedAt: null,
    tokenId: null,
  };
}

function authorizationRequest(expiresInMs = 600_000): StoredAuthorizationRequest {
  return {
    id: randomSha(),
    ...exampleClient,
    state: "state-1",
    resource: "https://src.example.test/mcp",
    scopes: ["src:alpha"],
    createdAt: new Date().toISOString(),
    expiresAt: isoIn(expiresInMs),
    csrf: null,
  };
}

/** The contract's cases of static tokens, registered clients and waiting authorization requests. */
function itKeepsTokensClientsAndRequests(open: AgentAccessStoreContractOptions["open"]): void {
  it("lists tokens in creation order, finds a static token by its SHA-256, and refuses a taken name", async () => {
    const store = await open("fresh");
    expect(await store.listTokens()).toEqual([]);
    const first = staticToken("first");
    const second = grant("second");
    await store.addToken(first);
    await store.addToken(second);
    expect((await store.listTokens()).map((token) => token.name)).toEqual(["first", "second"]);
    expect(await store.listTokens()).toEqual([first, second]);
    expect(await store.findStaticToken(first.sha256!)).toEqual(first);
    expect(await store.findStaticToken(randomSha())).toBeUndefined();
    const duplicate = await store.addToken(staticToken("first")).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(AgentAccessError.isInstance(duplicate)).toBe(true);
    expect((duplicate as AgentAccessError).code).toBe("DUPLICATE_AGENT_TOKEN");
    expect(await store.listTokens()).toHaveLength(2);
  });

  it("records a token's last use, and removes a token by name (the removed record; undefined for an unknown name)", async () => {
    const store = await open("fresh");
    const token = staticToken("used");
    await store.addToken(token);
    const at = new Date().toISOString();
    await store.markTokenUsed(token.id, at);
    expect((await store.listTokens())[0]?.lastUsedAt).toBe(at);
    await store.markTokenUsed(id(), at);
    expect((await store.removeToken("used"))?.id).toBe(token.id);
    expect(await store.removeToken("used")).toBeUndefined();
    expect(await store.findStaticToken(token.sha256!)).toBeUndefined();
    expect(await store.listTokens()).toEqual([]);
  });

  it("keeps registered clients, and waiting authorization requests until taken once or expired", async () => {
    const store = await open("fresh");
    expect(await store.findClient("unknown")).toBeUndefined();
    const client = {
      clientId: id(),
      metadata: { client_name: "Registered", redirect_uris: ["http://127.0.0.1/cb"] },
      createdAt: new Date().toISOString(),
    };
    await store.addClient(client);
    expect(await store.findClient(client.clientId)).toEqual(client);

    const request = authorizationRequest();
    await store.putAuthorizationRequest(request);
    expect(await store.findAuthorizationRequest(request.id, new Date())).toEqual(request);
    const replaced = { ...request, state: "state-2" };
    await store.putAuthorizationRequest(replaced);
    expect(await store.findAuthorizationRequest(request.id, new Date())).toEqual(replaced);
    expect(
      await store.findAuthorizationRequest(request.id, new Date(Date.parse(request.expiresAt) + 1000)),
    ).toBeUndefined();
    expect(await store.takeAuthorizationRequest(request.id, new Date())).toEqual(replaced);
    expect(await store.takeAuthorizationRequest(request.id, new Date())).toBeUndefined();
    expect(await store.findAuthorizationRequest(request.id, new Date())).toBeUndefined();
  });
}

/** The contract's cases of OAuth grants: single-use codes, rotated refresh tokens and revocation. */
function itKeepsOAuthGrants(open: AgentAccessStoreContractOptions["open"]): void {
  it("redeems a code once into a grant with its tokens; a replayed code removes that grant; an expired or unknown code is unknown", async () => {
    const store = await open("fresh");
    const issued = code();
    await store.addCode(issued);
    expect(await store.findCode(issued.sha256, new Date())).toMatchObject({ sha256: issued.sha256, usedAt: null });
    expect(await store.findCode(issued.sha256, new Date(Date.parse(issued.expiresAt) + 1000))).toBeUndefined();
    const token = grant("granted");
    const pair = tokensOf(token);
    expect(await store.redeemCode(issued.sha256, { token, ...pair }, new Date())).toEqual({ outcome: "redeemed" });
    expect(await store.findCode(issued.sha256, new Date())).toMatchObject({
      tokenId: token.id,
      usedAt: expect.any(String),
    });
    expect(await store.listTokens()).toEqual([token]);
    expect(await store.findAccessToken(pair.accessToken.sha256)).toEqual({ token, accessToken: pair.accessToken });
    expect(await store.findRefreshToken(pair.refreshToken.sha256)).toEqual({ token, refreshToken: pair.refreshToken });

    const replay = await store.redeemCode(issued.sha256, { token: grant("again"), ...tokensOf(token) }, new Date());
    expect(replay).toEqual({ outcome: "replayed", revoked: token });
    expect(await store.listTokens()).toEqual([]);
    expect(await store.findAccessToken(pair.accessToken.sha256)).toBeUndefined();
    expect(await store.findRefreshToken(pair.refreshToken.sha256)).toBeUndefined();

    expect(await store.redeemCode(randomSha(), { token: grant("never"), ...tokensOf(token) }, new Date())).toEqual({
      outcome: "unknown",
    });
    const stale = code(60_000);
    await store.addCode(stale);
    expect(
      await store.redeemCode(
        stale.sha256,
        { token: grant("late"), ...tokensOf(token) },
        new Date(Date.parse(stale.expiresAt) + 1000),
      ),
    ).toEqual({ outcome: "unknown" });
    expect(await store.listTokens()).toEqual([]);
  });

  it("rotates a refresh token once; the old one presented again removes the whole grant; an unknown one is unknown", async () => {
    const store = await open("fresh");
    const issued = code();
    await store.addCode(issued);
    const token = grant("rotating");
    const first = tokensOf(token);
    await store.redeemCode(issued.sha256, { token, ...first }, new Date());
    const second = tokensOf(token);
    expect(await store.rotateRefreshToken(first.refreshToken.sha256, second, new Date())).toEqual({
      outcome: "rotated",
      token,
    });
    expect((await store.findRefreshToken(first.refreshToken.sha256))?.refreshToken.usedAt).toEqual(expect.any(String));
    expect(await store.findAccessToken(second.accessToken.sha256)).toEqual({ token, accessToken: second.accessToken });
    expect(await store.rotateRefreshToken(randomSha(), tokensOf(token), new Date())).toEqual({ outcome: "unknown" });

    expect(await store.rotateRefreshToken(first.refreshToken.sha256, tokensOf(token), new Date())).toEqual({
      outcome: "reused",
      revoked: token,
    });
    expect(await store.listTokens()).toEqual([]);
    expect(await store.findAccessToken(second.accessToken.sha256)).toBeUndefined();
    expect(await store.rotateRefreshToken(second.refreshToken.sha256, tokensOf(token), new Date())).toEqual({
      outcome: "unknown",
    });
  });

  it("revokes an access token alone, a refresh token with its grant, and removing a grant ends both its tokens", async () => {
    const store = await open("fresh");
    const makeGrant = async (name: string) => {
      const issued = code();
      await store.addCode(issued);
      const token = grant(name);
      const pair = tokensOf(token);
      await store.redeemCode(issued.sha256, { token, ...pair }, new Date());
      return { token, ...pair };
    };
    const one = await makeGrant("one");
    expect(await store.revokeOAuthToken(one.accessToken.sha256)).toBe(true);
    expect(await store.findAccessToken(one.accessToken.sha256)).toBeUndefined();
    expect((await store.listTokens()).map((token) => token.name)).toEqual(["one"]);
    expect(await store.revokeOAuthToken(one.refreshToken.sha256)).toBe(true);
    expect(await store.listTokens()).toEqual([]);
    expect(await store.revokeOAuthToken(randomSha())).toBe(false);

    const two = await makeGrant("two");
    expect((await store.removeToken("two"))?.id).toBe(two.token.id);
    expect(await store.findAccessToken(two.accessToken.sha256)).toBeUndefined();
    expect(await store.findRefreshToken(two.refreshToken.sha256)).toBeUndefined();
  });
}

/**
 * Registers a vitest `describe` block that checks an `AgentAccessStore`
 * against the contract every store keeps (the file store of `@src/config`,
 * the PostgreSQL store of `@src/store-postgres`, a store of your own): tokens
 * and grants, OAuth clients, waiting requests, single-use codes, rotated
 * refresh tokens, revocation, and a change seen by another instance within 2 s.
 *
 * ```ts
 * describeAgentAccessStoreContract("the file store", { open: async (place) => createFileAgentAccessStore({ home: place === "fresh" ? await newHome() : lastHome }) });
 * ```
 */
export function describeAgentAccessStoreContract(name: string, { open }: AgentAccessStoreContractOptions): void {
  describe(`${name} keeps the agent access store contract`, () => {
    itKeepsTokensClientsAndRequests(open);
    itKeepsOAuthGrants(open);

    it("shows a change made through another instance on the same place within 2 s (a revocation honoured everywhere)", async () => {
      const first = await open("fresh");
      const second = await open("same");
      const token = staticToken("shared");
      await first.addToken(token);
      await expect.poll(() => second.findStaticToken(token.sha256!), { timeout: 2000, interval: 50 }).toEqual(token);
      const issued = code();
      await second.addCode(issued);
      const granted = grant("shared-grant");
      const pair = tokensOf(granted);
      await second.redeemCode(issued.sha256, { token: granted, ...pair }, new Date());
      await expect
        .poll(async () => (await first.findAccessToken(pair.accessToken.sha256))?.token.id, {
          timeout: 2000,
          interval: 50,
        })
        .toBe(granted.id);

      await second.removeToken("shared");
      await second.removeToken("shared-grant");
      await expect.poll(() => first.findStaticToken(token.sha256!), { timeout: 2000, interval: 50 }).toBeUndefined();
      await expect
        .poll(() => first.findAccessToken(pair.accessToken.sha256), { timeout: 2000, interval: 50 })
        .toBeUndefined();
    });
  });
}
