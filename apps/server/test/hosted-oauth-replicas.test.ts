import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers/run-cli";
import { startReplica, type Replica } from "./helpers/start-replica";
import { bearerConfig } from "./helpers/test-server";
import { useReplicaSetup } from "./helpers/use-replica-setup";
import { mcpInitialize, postForm } from "./helpers/server-requests";

// Hosted agents' sign-in on two `src serve` replicas of one PostgreSQL store: the grant, its codes and tokens are the store's.
const upstreamToken = `upstream-${randomBytes(12).toString("hex")}`;
const adminToken = `admin-${randomBytes(16).toString("hex")}`;
const vaultKey = randomBytes(32).toString("base64");
/** The address both replicas are known by (a load balancer's, in front of them): the resource their tokens are bound to. */
const publicUrl = "http://127.0.0.1:1";
const redirectUri = "http://127.0.0.1:9/callback";
const secrets = [upstreamToken, adminToken, vaultKey];
const setup = useReplicaSetup({ upstreamToken, secrets });
const { replicas } = setup;

const env = (storeUrl: string): Record<string, string> => ({
  SRC_STORE: storeUrl,
  SRC_SERVER_TOKEN: adminToken,
  SRC_VAULT_KEY: vaultKey,
});
async function replica(storeUrl: string): Promise<Replica> {
  const started = await startReplica(env(storeUrl), ["--public-url", publicUrl]);
  replicas.push(started);
  return started;
}
const form = (target: Replica, path: string, fields: Record<string, string>) =>
  postForm(`${target.url}${path}`, fields);
const mcpStatus = async (target: Replica, accessToken: string) => (await mcpInitialize(target.url, accessToken)).status;

describe("hosted agents on replicas of one PostgreSQL store", () => {
  it("registers and is authorized through A, allowed on B, calls through B; revoked on B, refused on A within 2 s", async () => {
    const storeUrl = await setup.database.createDatabase();
    const [a, b] = await Promise.all([replica(storeUrl), replica(storeUrl)]);
    expect(
      (
        await a.api("POST", "/v1/sources", {
          config: bearerConfig("alpha", setup.upstream.url),
          credential: { token: upstreamToken },
        })
      ).status,
    ).toBe(201);

    const registered = await fetch(`${a.url}/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "Replica Agent",
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: "none",
      }),
    });
    const clientId = ((await registered.json()) as { client_id: string }).client_id;
    const verifier = oauth.generateRandomCodeVerifier();
    const query = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirectUri,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state: "s",
      resource: `${publicUrl}/mcp`,
    }).toString();
    expect((await fetch(`${a.url}/authorize?${query}`)).status).toBe(200);
    const view = (await b.api("POST", "/v1/oauth/consent", { query })).json as { request: string; csrfToken: string };
    secrets.push(view.csrfToken);
    const decided = await b.api("POST", "/v1/oauth/consent/decision", {
      request: view.request,
      csrfToken: view.csrfToken,
      decision: "allow",
      sources: [{ slug: "alpha", readOnly: false }],
      expires: "90d",
    });
    expect(decided.status).toBe(200);
    const code = new URL((decided.json as { redirectTo: string }).redirectTo).searchParams.get("code")!;
    secrets.push(code);

    const exchanged = (await (
      await form(a, "/token", {
        grant_type: "authorization_code",
        client_id: clientId,
        code,
        code_verifier: verifier,
        redirect_uri: redirectUri,
        resource: `${publicUrl}/mcp`,
      })
    ).json()) as { access_token: string; refresh_token: string };
    secrets.push(exchanged.access_token, exchanged.refresh_token);
    const client = new Client({ name: "replica-agent", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${b.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${exchanged.access_token}` } },
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["api_alpha"]);
    expect(
      (await client.callTool({ name: "api_alpha", arguments: { method: "GET", path: "/items" } })).isError,
    ).toBeFalsy();
    await client.close();

    // A refresh on B rotates the pair A issued.
    const refreshed = (await (
      await form(b, "/token", {
        grant_type: "refresh_token",
        client_id: clientId,
        refresh_token: exchanged.refresh_token,
      })
    ).json()) as { access_token: string; refresh_token: string };
    secrets.push(refreshed.access_token, refreshed.refresh_token);
    expect(await mcpStatus(a, refreshed.access_token)).toBe(200);

    const listed = await runCli(["--json", "token", "list"], {
      env: { ...env(storeUrl), SRC_HOME: "/nonexistent-src-home" },
    });
    const grant = (
      JSON.parse(listed.stdout) as { tokens: { name: string; client: { name: string } | null }[] }
    ).tokens.find((token) => token.client?.name === "Replica Agent");
    expect(grant).toBeDefined();
    expect((await b.api("DELETE", `/v1/tokens/${grant!.name}`)).status).toBe(200);
    const revokedAt = Date.now();
    await expect.poll(() => mcpStatus(a, refreshed.access_token), { timeout: 2000, interval: 50 }).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(2000);
    expect(await mcpStatus(b, refreshed.access_token)).toBe(401);
  }, 120_000);

  it("src store migrate carries the home's agent tokens over: they work on a replica", async () => {
    const storeUrl = await setup.database.createDatabase();
    const home = await mkdtemp(join(tmpdir(), "src-migrate-tokens-"));
    try {
      const created = await runCli(["--json", "token", "create", "desk", "--read-only"], { env: { SRC_HOME: home } });
      expect(created.code, created.stderr).toBe(0);
      const token = (JSON.parse(created.stdout) as { token: string }).token;
      secrets.push(token);
      const migrated = await runCli(["--json", "store", "migrate"], { env: { ...env(storeUrl), SRC_HOME: home } });
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(JSON.parse(migrated.stdout)).toMatchObject({ agentTokens: { added: 1, unchanged: 0, skipped: [] } });
      const again = await runCli(["--json", "store", "migrate"], { env: { ...env(storeUrl), SRC_HOME: home } });
      expect(JSON.parse(again.stdout)).toMatchObject({ agentTokens: { added: 0, unchanged: 1 } });
      const served = await replica(storeUrl);
      const tools = await fetch(`${served.url}/v1/tools`, { headers: { authorization: `Bearer ${token}` } });
      expect(tools.status).toBe(200);
      const listed = (await served.api("GET", "/v1/tokens")).json as { tokens: { name: string; readOnly: boolean }[] };
      expect(listed.tokens).toEqual([expect.objectContaining({ name: "desk", readOnly: true })]);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 120_000);
});
