// Listening on every interface (`--host 0.0.0.0`) without --public-url, a connect link named the listening address,
// http://0.0.0.0:PORT/#/connect/..., which no browser opens. The links people open now name the address the request
// came to (its Host, which the Host check let through), and the start warns that --public-url names one address.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startUpstream, sendJson } from "@src/http-tool/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startAuthorizationServer } from "../../../packages/auth-oauth2/test/start-authorization-server";
import { createTestHome, linesLeakingSecrets, type TestHome } from "./helpers/test-home";
import { bearerConfig, oauth2Config, startTestServer, type TestServer } from "./helpers/test-server";

const clientId = "desk-everywhere";
const clientSecret = "desk-everywhere-cl13nt-s3cret-7c2e";
let recorder: Awaited<ReturnType<typeof startUpstream>>;
let authorization: Awaited<ReturnType<typeof startAuthorizationServer>>;
let testHome: TestHome;
let server: TestServer;

beforeAll(async () => {
  recorder = await startUpstream((_request, response, recorded) => sendJson(response, 200, { path: recorded.path }));
  authorization = await startAuthorizationServer({ clientId, clientSecret });
});
afterAll(async () => {
  await recorder.close();
  await authorization.stop();
});
beforeEach(async () => {
  testHome = await createTestHome();
  testHome.secrets.push(clientSecret);
});
afterEach(async () => {
  await server.server.close();
  expect(linesLeakingSecrets(server.logs.lines, testHome.secrets)).toEqual([]);
  await testHome.cleanup();
});

/** The origin of the server's port on `address` (a loopback address a browser on this machine opens). */
const originAt = (address: string): string => `http://${address}:${new URL(server.server.url).port}`;

/** Sends one request to the server at `origin` (so with its Host), with the admin token unless `token` is given. */
async function requestAt(origin: string, method: string, path: string, body?: unknown, token = testHome.adminToken) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token === "" ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any JSON answer
  return { status: response.status, json: (await response.json()) as any };
}

/** A per-user bearer source on the recorder and an agent token; answers the token. */
async function perUserSourceAndToken(origin: string, slug: string, name: string): Promise<string> {
  const config = bearerConfig(slug, `${recorder.url}/${slug}`) as { api: Record<string, unknown> };
  const added = await requestAt(origin, "POST", "/v1/sources", {
    config: { ...config, api: { ...config.api, credentials: "per-user" } },
  });
  expect(added.status).toBe(201);
  const created = await requestAt(origin, "POST", "/v1/tokens", { name });
  expect(created.status).toBe(201);
  testHome.secrets.push(created.json.token as string);
  return created.json.token as string;
}

/** The connect link of an agent's NOT_CONNECTED answer through `origin`. */
async function connectUrlThrough(origin: string, token: string, slug: string): Promise<string> {
  const refused = await requestAt(
    origin,
    "POST",
    `/v1/tools/api_${slug.replace(/-/g, "_")}/call`,
    {
      method: "GET",
      path: "/issues",
    },
    token,
  );
  expect(refused.json).toMatchObject({ ok: false, error: { code: "NOT_CONNECTED" } });
  const connectUrl = refused.json.error.connectUrl as string;
  testHome.secrets.push(connectUrl.split("#/connect/")[1]!);
  return connectUrl;
}

describe("links people open, from a server on every interface", () => {
  it("without --public-url name the address the request came to, never 0.0.0.0, and the start says so", async () => {
    server = await startTestServer(testHome, { host: "0.0.0.0" });
    expect(server.server.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
    const warned = server.logs.records().filter((record) => record.event === "links_follow_host");
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ level: 40, url: server.server.url });
    expect(warned[0]!.msg).toContain("--public-url");

    const slug = `every-${Date.now().toString(36)}`;
    const bob = await perUserSourceAndToken(originAt("127.0.0.1"), slug, "bob");
    for (const address of ["127.0.0.1", "127.0.0.2"]) {
      const connectUrl = await connectUrlThrough(originAt(address), bob, slug);
      expect(connectUrl).toMatch(new RegExp(`^${originAt(address)}/#/connect/srcc_[A-Za-z0-9_-]+$`));
      // The page it names is there: the link's own route answers at that origin.
      const peeked = await requestAt(
        originAt(address),
        "GET",
        `/v1/connect/${connectUrl.split("#/connect/")[1]}`,
        undefined,
        "",
      );
      expect(peeked.status).toBe(200);
      expect(peeked.json.principal).toBe("token:bob");
    }

    // Over MCP: the session's address.
    const transport = new StreamableHTTPClientTransport(new URL(`${originAt("127.0.0.2")}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${bob}` } },
    });
    const client = new Client({ name: "every-interface-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const result = (await client.callTool({
        name: `api_${slug.replace(/-/g, "_")}`,
        arguments: { method: "GET", path: "/issues" },
      })) as { content: { type: string; text?: string }[] };
      const text = result.content.map((part) => part.text ?? "").join("\n");
      const link = /(\S+)#\/connect\/(srcc_[A-Za-z0-9_-]+)/.exec(text);
      testHome.secrets.push(link?.[2] ?? "");
      expect(link?.[1]?.replace(/^"/, "")).toBe(`${originAt("127.0.0.2")}/`);
    } finally {
      await client.close();
    }
    expect(recorder.requests.filter((request) => request.path.startsWith(`/${slug}/`))).toEqual([]);
  });

  it("without --public-url send a person's upstream sign-in back to the address their browser used", async () => {
    server = await startTestServer(testHome, { host: "0.0.0.0" });
    const origin = originAt("127.0.0.2");
    const slug = `desk-${Date.now().toString(36)}`;
    const created = await requestAt(origin, "POST", "/v1/sources", {
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
    const token = await (async () => {
      const made = await requestAt(origin, "POST", "/v1/tokens", { name: "val" });
      testHome.secrets.push(made.json.token as string);
      return made.json.token as string;
    })();
    const connectUrl = await connectUrlThrough(origin, token, slug);
    expect(connectUrl.startsWith(`${origin}/#/connect/`)).toBe(true);
    const started = await requestAt(origin, "POST", `/v1/connect/${connectUrl.split("#/connect/")[1]}/sign-in`, {}, "");
    expect(started.status).toBe(200);
    const redirectUri = new URL(started.json.authorizationUrl as string).searchParams.get("redirect_uri");
    expect(redirectUri).toBe(`${origin}/v1/auth/callback`);
  });

  it("with --public-url name it, whatever address the request came to, and the start does not warn", async () => {
    server = await startTestServer(testHome, { host: "0.0.0.0", publicUrl: "https://src.example.com" });
    expect(server.logs.records().filter((record) => record.event === "links_follow_host")).toEqual([]);
    const slug = `public-${Date.now().toString(36)}`;
    const bob = await perUserSourceAndToken(originAt("127.0.0.1"), slug, "bob");
    const connectUrl = await connectUrlThrough(originAt("127.0.0.2"), bob, slug);
    expect(connectUrl).toMatch(/^https:\/\/src\.example\.com\/#\/connect\/srcc_[A-Za-z0-9_-]+$/);
  });
});
