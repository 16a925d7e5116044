// Issue 28: a person's upstream sign-in from a connect link, started through one replica and finished through
// another (two built servers on one SRC_HOME: the links, the sign-ins in progress and the vault are shared). The
// upstream's redirect reaches replica B; the tokens are stored as the link's principal's own connection, and that
// principal's calls through either replica carry them.
import { startUpstream as startRecorder, sendJson } from "@src/http-tool/testing";
import { afterAll, describe, expect, it } from "vitest";
import { startAuthorizationServer } from "../../../packages/auth-oauth2/test/start-authorization-server";
import { startBuiltServer, type BuiltServer } from "./console/start-built-server";
import { adminRequest } from "./helpers/server-requests";
import { createTestHome, linesLeakingSecrets } from "./helpers/test-home";
import { oauth2Config } from "./helpers/test-server";
import { useFileSetup } from "./helpers/use-setup";

const clientId = "replica-desk";
const clientSecret = "replica-desk-cl13nt-s3cret-41b0";

const setup = useFileSetup(async (keep) => {
  const testHome = await keep(createTestHome(), (home) => home.cleanup());
  const authorization = await keep(startAuthorizationServer({ clientId, clientSecret }), (started) => started.stop());
  const recorder = await keep(
    startRecorder((_request, response, recorded) => sendJson(response, 200, { path: recorded.path })),
    (started) => started.close(),
  );
  const replicaA = await keep(startBuiltServer(testHome.env), (built) => built.stop());
  const replicaB = await keep(startBuiltServer(testHome.env), (built) => built.stop());
  return { testHome, authorization, recorder, replicaA, replicaB };
});

afterAll(async () => {
  const { testHome, authorization, replicaA, replicaB } = setup;
  const secrets = [...(testHome?.secrets ?? []), clientSecret, ...((await authorization?.state())?.issued ?? [])];
  for (const replica of [replicaA, replicaB])
    expect(linesLeakingSecrets((replica?.output() ?? "").split("\n"), secrets)).toEqual([]);
}, 60_000);

const admin = (replica: BuiltServer, method: string, path: string, body?: unknown) =>
  adminRequest(replica.url, setup.testHome.adminToken, method, path, body);

const callThrough = async (replica: BuiltServer, token: string, slug: string) =>
  (await (
    await fetch(`${replica.url}/v1/tools/api_${slug.replace(/-/g, "_")}/call`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ method: "GET", path: "/tickets" }),
    })
  ).json()) as { ok: boolean; error?: { code: string; connectUrl?: string } };

describe("a connect link's upstream sign-in across replicas", { timeout: 60_000 }, () => {
  it("starts through A, finishes through B, and the principal's calls through either carry their token", async () => {
    const { authorization, recorder, replicaA, replicaB } = setup;
    const slug = `desk-replicas-${Date.now().toString(36)}`;
    const created = await admin(replicaA, "POST", "/v1/sources", {
      config: oauth2Config(slug, "Team Desk", `${recorder.url}/${slug}`, {
        grant: "authorization_code",
        tokenUrl: authorization.tokenUrl,
        authorizationUrl: authorization.authorizationUrl,
        scopes: ["tickets"],
        credentials: "per-user",
      }),
      credential: { clientId, clientSecret },
    });
    expect(created.status).toBe(201);
    const name = `val-${Date.now().toString(36)}`;
    const { token } = (await (await admin(replicaA, "POST", "/v1/tokens", { name })).json()) as { token: string };

    const refused = await callThrough(replicaA, token, slug);
    expect(refused.error?.code).toBe("NOT_CONNECTED");
    const linkToken = (refused.error?.connectUrl ?? "").split("#/connect/")[1] ?? "";
    const started = await fetch(`${replicaA.url}/v1/connect/${linkToken}/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(started.status).toBe(200);
    const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
    // The person signs in at the upstream; its redirect (to A's callback) is followed on B instead.
    const authorize = await fetch(authorizationUrl, { redirect: "manual" });
    expect(authorize.status).toBe(302);
    const callback = new URL(authorize.headers.get("location") ?? "");
    expect(callback.pathname).toBe("/v1/auth/callback");
    // The browser that started the sign-in sends back the cookie its start set (any replica knows it).
    const browserCookie = (started.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(browserCookie).toMatch(/^src_connect_[0-9a-f]{16}=/);
    const onB = await fetch(`${replicaB.url}${callback.pathname}${callback.search}`, {
      redirect: "manual",
      headers: { cookie: browserCookie },
    });
    expect(onB.status, await onB.clone().text()).toBe(303);
    expect(onB.headers.get("location")).toBe(`/#/connected/${slug}`);
    expect(onB.headers.get("set-cookie")).toMatch(/^src_person=v1\./);
    expect(onB.headers.get("set-cookie")).toContain(`${browserCookie.split("=")[0]}=; Path=/v1/auth/callback`);

    expect(await callThrough(replicaA, token, slug)).toMatchObject({ ok: true });
    expect(await callThrough(replicaB, token, slug)).toMatchObject({ ok: true });
    const sent = recorder.requests
      .filter((request) => request.path.startsWith(`/${slug}/`))
      .map((request) => request.headers.authorization);
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(1);
    expect((await authorization.state()).issued).toContain((sent[0] ?? "").replace(/^Bearer /, ""));
    // The link is used up on every replica.
    expect((await fetch(`${replicaA.url}/v1/connect/${linkToken}`)).status).toBe(404);
  });
});
