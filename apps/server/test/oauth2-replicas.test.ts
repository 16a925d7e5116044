import { randomBytes } from "node:crypto";
import { startTestPostgres, type TestPostgres } from "@src/store-postgres/testing";
import postgres from "postgres";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { confirmDeviceCode, launchBrowser } from "../../../packages/auth-oauth2/test/play-browser";
import { startOidcProvider, type OidcProvider } from "../../../packages/auth-oauth2/test/start-oidc-provider";
import {
  startTokenCheckingApi,
  type TokenCheckingApi,
} from "../../../packages/auth-oauth2/test/start-token-checking-api";
import { startReplica, type Replica } from "./helpers/start-replica";

// A sign-in started on replica A whose redirect lands on replica B (no sticky routing): the state, the PKCE
// verifier and the device code live in the shared PostgreSQL store, sealed, and are used once. oidc-provider runs
// in its own process; Chromium plays the person.
const clientId = "replica-agent";
const clientSecret = "oidc-r3plica-cl13nt-5d4e3f";
const adminToken = `admin-${randomBytes(16).toString("hex")}`;
const vaultKey = randomBytes(32).toString("base64");
let database: TestPostgres;
let provider: OidcProvider;
let browser: Browser;
let api: TokenCheckingApi;
let apiUrl = "";
const replicas: Replica[] = [];
const printed: string[] = [];

beforeAll(async () => {
  [database, provider, browser] = await Promise.all([
    startTestPostgres(),
    startOidcProvider({
      clientId,
      clientSecret,
      publicClientId: "unused-public",
      redirectPaths: ["/v1/auth/callback"],
    }),
    launchBrowser(),
  ]);
  api = await startTokenCheckingApi((token) => provider.accepts(token));
  apiUrl = api.url;
}, 120_000);

afterEach(async () => {
  await provider.settings({ accessTtl: 3600, tokenDelayMs: 0 });
  await Promise.all(replicas.splice(0).map((replica) => replica.stop().then(() => printed.push(replica.stderr()))));
});

afterAll(async () => {
  await api?.close();
  // Neither the client secret nor any token is in the replicas' logs, nor in clear in the database.
  if (provider !== undefined) {
    const secrets = [clientSecret, ...(await provider.state()).issued];
    const everything = printed.join("\n");
    for (const secret of secrets)
      expect(everything.includes(secret), "a token or the client secret in a replica's log").toBe(false);
  }
  await Promise.all([provider?.stop(), browser?.close()]);
  await database?.close();
}, 60_000);

async function replicaPair(): Promise<{ storeUrl: string; a: Replica; b: Replica }> {
  const storeUrl = await database.createDatabase();
  const env = { SRC_STORE: storeUrl, SRC_SERVER_TOKEN: adminToken, SRC_VAULT_KEY: vaultKey };
  // A first: it migrates the new database; B then finds it migrated.
  const a = await startReplica(env);
  replicas.push(a);
  const b = await startReplica(env);
  replicas.push(b);
  return { storeUrl, a, b };
}

const addSource = (target: Replica, slug: string, grant: "authorization_code" | "device_code") =>
  target.api("POST", "/v1/sources", {
    config: {
      type: "api",
      name: `Desk ${slug}`,
      slug,
      enabled: true,
      api: {
        baseUrl: apiUrl,
        authType: "oauth2",
        issuer: provider.issuer,
        grant,
        scopes: ["offline_access", "read:items"],
        authorizationParams: { prompt: "consent" },
        testEndpoint: "/me",
      },
    },
    credential: { clientId, clientSecret },
  });

/**
 * The person's part of an authorization code sign-in: the provider's login and consent steps are redirects, followed
 * with cookies kept as a browser keeps them, up to the redirect back to src, which is returned (not followed).
 */
async function followSignIn(authorizationUrl: URL): Promise<string> {
  const cookies = new Map<string, string>();
  let next = authorizationUrl.href;
  for (let hop = 0; hop < 10 && next.startsWith(provider.issuer); hop += 1) {
    const answer = await fetch(next, {
      redirect: "manual",
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    next = new URL(answer.headers.get("location") ?? "", next).href;
  }
  return next;
}

describe("sign-ins any replica can finish (PostgreSQL store)", () => {
  it("authorization code: started on A, the redirect lands on B and completes there; the same redirect again is refused; calls work on both", async () => {
    const { storeUrl, a, b } = await replicaPair();
    expect((await addSource(a, "desk", "authorization_code")).status).toBe(201);
    const started = await a.api("POST", "/v1/sources/desk/auth/login");
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const authorizationUrl = new URL(started.json.authorizationUrl as string);
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${a.url}/v1/auth/callback`);

    // The person signs in; its redirect to A's callback is sent to B instead, as a load balancer without sticky
    // routing could.
    const next = await followSignIn(authorizationUrl);
    expect(next.startsWith(`${a.url}/v1/auth/callback?`), next).toBe(true);
    const onB = new URL(next);
    onB.host = new URL(b.url).host;
    const landed = onB.href;
    const finished = await fetch(landed);
    expect(finished.status).toBe(200);
    expect(await finished.text()).toContain("Signed in to &quot;desk&quot;");
    expect(landed).toContain("code=");

    // A reports the sign-in B finished; the tokens are in the shared vault: calls work through either replica.
    const progress = await a.api("POST", "/v1/sources/desk/auth/login/progress", { signInId: started.json.signInId });
    expect(progress).toMatchObject({ status: 200, json: { status: "signed_in" } });
    for (const target of [a, b])
      expect(await target.api("POST", "/v1/tools/desk/call", { method: "GET", path: "/items" })).toMatchObject({
        status: 200,
        json: { ok: true, status: 200 },
      });

    // Single use: the same redirect again, on B or on A, finishes nothing.
    // Refused by src itself, before any second code exchange reaches the provider.
    const exchanges = (await provider.state()).issued.length;
    const again = await fetch(landed);
    expect(again.status).toBe(422);
    expect(await again.text()).toMatch(/already used \(each works once\).*SIGN_IN_STATE_INVALID/);
    const onA = new URL(landed);
    onA.host = new URL(a.url).host;
    const onAgain = await fetch(onA);
    expect(onAgain.status).toBe(422);
    expect(await onAgain.text()).toMatch(/already used/);
    expect((await provider.state()).issued.length).toBe(exchanges);

    // Nothing in the database holds the client secret, a token, the state or the code in clear.
    const sql = postgres(storeUrl, { max: 1, onnotice: () => undefined });
    try {
      const tables = await sql<
        { table_name: string }[]
      >`select table_name from information_schema.tables where table_schema = 'public'`;
      let everything = "";
      for (const { table_name: table } of tables) everything += JSON.stringify(await sql`select * from ${sql(table)}`);
      const callback = new URL(landed).searchParams;
      for (const secret of [
        clientSecret,
        ...(await provider.state()).issued,
        callback.get("code")!,
        callback.get("state")!,
      ])
        expect(everything.includes(secret), "a secret in clear in the database").toBe(false);
    } finally {
      await sql.end();
    }
  }, 120_000);

  it("device code: started on A, its progress read on B, completed once the person confirms", async () => {
    const { a, b } = await replicaPair();
    await provider.settings({ interval: 1, deviceTtl: 600, slowDowns: 0, deny: false });
    expect((await addSource(a, "kiosk", "device_code")).status).toBe(201);
    const started = await a.api("POST", "/v1/sources/kiosk/auth/login");
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    expect(started.json).toMatchObject({ awaits: "poll", userCode: expect.stringMatching(/^[A-Z]{4}-[A-Z]{4}$/) });
    expect(
      (await b.api("POST", "/v1/sources/kiosk/auth/login/progress", { signInId: started.json.signInId })).json,
    ).toMatchObject({ status: "waiting" });
    await confirmDeviceCode(browser, { url: started.json.authorizationUrl, userCode: started.json.userCode });
    await expect
      .poll(
        async (): Promise<unknown> =>
          (await b.api("POST", "/v1/sources/kiosk/auth/login/progress", { signInId: started.json.signInId })).json
            ?.status,
        { timeout: 30_000, interval: 500 },
      )
      .toBe("signed_in");
    expect(await b.api("POST", "/v1/tools/kiosk/call", { method: "GET", path: "/items" })).toMatchObject({
      status: 200,
      json: { ok: true, status: 200 },
    });
  }, 120_000);

  it("two replicas finding the token expired at once renew it once, so the provider (which revokes a grant whose rotated refresh token comes back) keeps the grant", async () => {
    const { a, b } = await replicaPair();
    // Signed in with access tokens inside the 30 s margin: the next calls must renew. The new ones last an hour.
    await provider.settings({ accessTtl: 5 });
    expect((await addSource(a, "desk", "authorization_code")).status).toBe(201);
    const started = await a.api("POST", "/v1/sources/desk/auth/login");
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const finished = await fetch(await followSignIn(new URL(started.json.authorizationUrl as string)));
    expect(finished.status).toBe(200);
    await provider.settings({ accessTtl: 3600, tokenDelayMs: 1500 });
    const before = (await provider.state()).refreshes.length;
    const call = { method: "GET", path: "/items" };
    const answers = await Promise.all([
      a.api("POST", "/v1/tools/desk/call", call),
      b.api("POST", "/v1/tools/desk/call", call),
    ]);
    for (const answer of answers)
      expect(answer, JSON.stringify(answer.json)).toMatchObject({ status: 200, json: { ok: true, status: 200 } });
    // One refresh, answered 200: the other replica waited for it and used the tokens it stored.
    expect((await provider.state()).refreshes.slice(before)).toEqual([{ status: 200 }]);
    await provider.settings({ tokenDelayMs: 0 });
    for (const target of [b, a])
      expect(await target.api("POST", "/v1/tools/desk/call", call)).toMatchObject({
        status: 200,
        json: { ok: true, status: 200 },
      });
    expect((await provider.state()).refreshes.length).toBe(before + 1);
  }, 120_000);
});
