import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { startBuiltServer, type BuiltServer } from "./console/start-built-server";
import { startUpstream, type Upstream } from "./helpers/start-upstream";
import { createTestHome, linesLeakingSecrets, type TestHome } from "./helpers/test-home";
import { bearerConfig } from "./helpers/test-server";
import { adminAddBearerSource, expectToolCallLines, mcpInitialize } from "./helpers/server-requests";
import { startIdentityProvider, type IdentityProvider } from "./helpers/start-identity-provider";

const upstreamToken = "upstream-token-issuer-6e2f9a";
const idpSecret = `idp-secret-${randomBytes(12).toString("hex")}`;
let idp: IdentityProvider;
let issuer: string;
let testHome: TestHome;
let upstream: Upstream;
let server: BuiltServer;
const secrets: string[] = [upstreamToken, idpSecret];

/** A JWT access token from the identity provider by client credentials, for `resource` and `scope`; a secret. */
async function tokenFromIdp(options: { resource: string; scope: string; client?: string }): Promise<string> {
  const token = await idp.tokenFor(options);
  secrets.push(token);
  return token;
}

const mcp = (token: string) => mcpInitialize(server.url, token);

beforeAll(async () => {
  idp = await startIdentityProvider(idpSecret);
  issuer = idp.issuer;
  testHome = await createTestHome();
  secrets.push(...testHome.secrets);
  upstream = await startUpstream({ token: upstreamToken });
  server = await startBuiltServer(testHome.env, ["--oauth-issuer", issuer, "--oauth-allow-loopback-clients"]);
  for (const slug of ["alpha", "beta"])
    await adminAddBearerSource(server.url, testHome.adminToken, { slug, baseUrl: upstream.url, token: upstreamToken });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  expect(linesLeakingSecrets(server?.output().split("\n") ?? [], secrets)).toEqual([]);
  idp?.stop();
  await upstream?.close();
  await testHome?.cleanup();
});

describe("--oauth-issuer: /mcp takes the identity provider's JWTs", () => {
  it("the metadata names the identity provider and the sources' scopes; there is no embedded authorization server", async () => {
    const metadata = (await (await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({ resource: `${server.url}/mcp`, authorization_servers: [issuer] });
    expect(metadata.scopes_supported).toEqual(["src:alpha", "src:alpha:read", "src:beta", "src:beta:read"]);
    expect((await fetch(`${server.url}/.well-known/oauth-authorization-server`)).status).toBe(401);
    expect((await fetch(`${server.url}/token`, { method: "POST" })).status).toBe(401);
  });

  it("the right audience and a source scope: the source, read-only as the scope says", async () => {
    const token = await tokenFromIdp({ resource: `${server.url}/mcp`, scope: "src:alpha:read" });
    const client = new Client({ name: "idp-agent", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["api_alpha"]);
    expect(tools[0]?.annotations?.readOnlyHint).toBe(true);
    expect(
      (await client.callTool({ name: "api_alpha", arguments: { method: "GET", path: "/items" } })).isError,
    ).toBeFalsy();
    expect(
      (await client.callTool({ name: "api_alpha", arguments: { method: "POST", path: "/items", body: {} } })).isError,
    ).toBe(true);
    await client.close();
    // The principal is the JWT's sub (the client credentials grant's client), in the log line and the audit line.
    await expectToolCallLines(() => server.output(), /"principal":"idp:agent"/, 2);
    const audit = await readFile(join(testHome.home, "logs", "calls.jsonl"), "utf8");
    expect(audit.split("\n").filter((line) => line.includes('"principal":"idp:agent"')).length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it("refuses a wrong audience, an expired token and a wrong signature (401 invalid_token), and a token without a source scope (403 insufficient_scope)", async () => {
    const foreign = await mcp(await tokenFromIdp({ resource: "https://other.example.test/mcp", scope: "src:alpha" }));
    expect(foreign.status).toBe(401);
    expect(foreign.headers.get("www-authenticate")).toContain('error="invalid_token"');
    expect(foreign.headers.get("www-authenticate")).toContain(
      `resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp"`,
    );

    const good = await tokenFromIdp({ resource: `${server.url}/mcp`, scope: "src:beta" });
    expect((await mcp(good)).status).toBe(200);
    // The same claims signed by a key the identity provider never had, under its key id.
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT(decodeJwt(good))
      .setProtectedHeader({ alg: "ES256", kid: decodeProtectedHeader(good).kid ?? "x", typ: "at+jwt" })
      .sign(privateKey);
    const refusedForged = await mcp(forged);
    expect(refusedForged.status).toBe(401);
    expect(((await refusedForged.json()) as { error: { message: string } }).error.message).toContain("signature");

    const noSource = await mcp(await tokenFromIdp({ resource: `${server.url}/mcp`, scope: "other" }));
    expect(noSource.status).toBe(403);
    expect(noSource.headers.get("www-authenticate")).toContain('error="insufficient_scope"');

    const shortLived = await tokenFromIdp({ resource: `${server.url}/mcp`, scope: "src:alpha", client: "short-lived" });
    const expiresAt = (decodeJwt(shortLived).exp ?? 0) * 1000;
    expect((await mcp(shortLived)).status).toBe(200);
    // Past its expiry and the server's clock tolerance (5 s).
    await vi.waitUntil(() => Date.now() > expiresAt + 5500, { timeout: 15_000, interval: 200 });
    const expired = await mcp(shortLived);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toContain("expired");
  }, 30_000);

  it("without --oauth-console-client-id, nobody can use a connect link of a user of the identity provider: refused, nothing stored, and the log says what to give", async () => {
    // A per-user source, removed again once the test is done: the metadata test lists the scopes of exactly the
    // file's other sources, whichever order the tests run in.
    onTestFinished(async () => {
      await fetch(`${server.url}/v1/sources/gamma`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${testHome.adminToken}` },
      });
    });
    const added = await fetch(`${server.url}/v1/sources`, {
      method: "POST",
      headers: { authorization: `Bearer ${testHome.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        config: bearerConfig("gamma", upstream.url, {
          api: { baseUrl: upstream.url, authType: "bearer", testEndpoint: "/me", credentials: "per-user" },
        }),
      }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const client = new Client({ name: "idp-agent", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: {
          headers: {
            authorization: `Bearer ${await tokenFromIdp({ resource: `${server.url}/mcp`, scope: "src:gamma" })}`,
          },
        },
      }),
    );
    const result = (await client.callTool({ name: "api_gamma", arguments: { method: "GET", path: "/items" } })) as {
      structuredContent?: { error?: { code: string; connectUrl?: string } };
    };
    await client.close();
    expect(result.structuredContent?.error?.code).toBe("NOT_CONNECTED");
    const linkToken = result.structuredContent?.error?.connectUrl?.split("#/connect/")[1] ?? "";

    const described = (await (await fetch(`${server.url}/v1/connect/${linkToken}`)).json()) as {
      principal: string;
      personSignIn?: { signedIn: boolean; available: boolean; message?: string };
    };
    expect(described.principal).toBe("idp:agent");
    expect(described.personSignIn).toMatchObject({ signedIn: false, available: false });
    expect(described.personSignIn?.message).toContain("--oauth-console-client-id");
    const used = await fetch(`${server.url}/v1/connect/${linkToken}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ credential: { token: "planted-by-link-holder" } }),
    });
    expect(used.status).toBe(409);
    expect(((await used.json()) as { error: { code: string } }).error.code).toBe("SIGN_IN_NOT_POSSIBLE");
    const connections = await fetch(`${server.url}/v1/connections?source=gamma`, {
      headers: { authorization: `Bearer ${testHome.adminToken}` },
    });
    expect(await connections.json()).toEqual({ connections: [] });
    expect(await (await fetch(`${server.url}/v1/me/sign-in`)).json()).toMatchObject({ available: false });
    expect(server.output()).toContain('"event":"person_sign_in_off"');
  });
});
