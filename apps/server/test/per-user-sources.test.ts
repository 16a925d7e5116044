import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { startUpstream, sendJson } from "@src/http-tool/testing";
import { startHttpbin } from "@src/test-servers";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestHome, linesLeakingSecrets, type TestHome } from "./helpers/test-home";
import { bearerConfig, startTestServer, type TestServer } from "./helpers/test-server";

// Each principal's own upstream key; the recorder answers every request and keeps its Authorization header.
const aliceKey = "ghp-alice-0c4f9e2b7a1d";
const bobKey = "ghp-bob-5e8a3d1c9f2b";
const sharedKey = "ghp-service-account-7b2d";
let recorder: Awaited<ReturnType<typeof startUpstream>>;
let testHome: TestHome;
let server: TestServer;

beforeAll(async () => {
  recorder = await startUpstream((_request, response, recorded) => sendJson(response, 200, { path: recorded.path }));
});
afterAll(() => recorder.close());

beforeEach(async () => {
  testHome = await createTestHome();
  testHome.secrets.push(aliceKey, bobKey, sharedKey);
  server = await startTestServer(testHome);
});
afterEach(async () => {
  await server.server.close();
  expect(linesLeakingSecrets(server.logs.lines, testHome.secrets)).toEqual([]);
  await testHome.cleanup();
});

async function createToken(name: string): Promise<string> {
  const answer = await server.api("POST", "/v1/tokens", { body: { name } });
  expect(answer.status, answer.text).toBe(201);
  const token = answer.json.token as string;
  testHome.secrets.push(token);
  return token;
}

/** A per-user bearer source on the recorder, under `/<slug>` so each test counts its own requests. */
async function addPerUserSource(slug: string): Promise<void> {
  const config = bearerConfig(slug, `${recorder.url}/${slug}`) as { api: Record<string, unknown> };
  const answer = await server.api("POST", "/v1/sources", {
    body: { config: { ...config, api: { ...config.api, credentials: "per-user" } } },
  });
  expect(answer.status, answer.text).toBe(201);
  // Nothing to test it with: each person connects their own.
  expect(answer.json.validation).toBeNull();
}

const callAs = (token: string | undefined, slug: string, path = "/issues") =>
  server.api("POST", `/v1/tools/api_${slug.replace(/-/g, "_")}/call`, { token, body: { method: "GET", path } });
/** The Authorization header of every request the recorder got under `/<slug>`, in order. */
const sentTo = (slug: string) =>
  recorder.requests
    .filter((request) => request.path.startsWith(`/${slug}/`))
    .map((request) => request.headers.authorization ?? "(none)");
const auditLines = async () =>
  (await readFile(join(testHome.home, "logs", "calls.jsonl"), "utf8"))
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("per-user sources on the server", () => {
  it("sends each principal's own credential only, and NOT_CONNECTED with a single-use connect link to a principal without one", async () => {
    const slug = `gh-${Date.now().toString(36)}`;
    await addPerUserSource(slug);
    const alice = await createToken("alice");
    const bob = await createToken("bob");
    const stored = await server.api("PUT", `/v1/sources/${slug}/connections`, {
      body: { principal: "token:alice", credential: { token: aliceKey } },
    });
    expect(stored.status, stored.text).toBe(200);

    const aliceCall = await callAs(alice, slug);
    expect(aliceCall.json).toMatchObject({ ok: true, status: 200 });
    expect(sentTo(slug)).toEqual([`Bearer ${aliceKey}`]);

    // Bob has none: nothing is sent, not alice's, and he is given a link to connect.
    const bobRefused = await callAs(bob, slug);
    expect(bobRefused.status).toBe(200);
    expect(bobRefused.json).toMatchObject({ ok: false, attempts: 0, error: { code: "NOT_CONNECTED" } });
    expect(bobRefused.json.error.message).toContain('"token:bob"');
    const connectUrl = bobRefused.json.error.connectUrl as string;
    expect(connectUrl).toMatch(new RegExp(`^${server.server.publicUrl}/#/connect/srcc_[A-Za-z0-9_-]+$`));
    expect(sentTo(slug)).toHaveLength(1);
    const linkToken = connectUrl.split("#/connect/")[1]!;
    testHome.secrets.push(linkToken);

    // The link needs no bearer token: it says what it is for, and connects bob, once.
    const peek = await server.api("GET", `/v1/connect/${linkToken}`, { token: null });
    expect(peek.status, peek.text).toBe(200);
    expect(peek.json).toMatchObject({
      source: { slug, authType: "bearer" },
      principal: "token:bob",
      fields: [{ name: "token", secret: true, required: true }],
    });
    const badShape = await server.api("POST", `/v1/connect/${linkToken}`, {
      token: null,
      body: { credential: { password: bobKey } },
    });
    expect(badShape.status).toBe(422);
    const connected = await server.api("POST", `/v1/connect/${linkToken}`, {
      token: null,
      body: { credential: { token: bobKey } },
    });
    expect(connected.status, connected.text).toBe(200);
    expect(connected.json).toEqual({ slug, principal: "token:bob", connected: true });
    const reused = await server.api("POST", `/v1/connect/${linkToken}`, {
      token: null,
      body: { credential: { token: "someone-else" } },
    });
    expect(reused.status).toBe(404);
    expect((await server.api("GET", `/v1/connect/${linkToken}`, { token: null })).status).toBe(404);

    expect((await callAs(bob, slug)).json).toMatchObject({ ok: true });
    expect((await callAs(alice, slug)).json).toMatchObject({ ok: true });
    expect(sentTo(slug)).toEqual([`Bearer ${aliceKey}`, `Bearer ${bobKey}`, `Bearer ${aliceKey}`]);

    // The operator (admin token: principal "local") has no credential of their own here either, and is given no
    // link: whoever held one would become the operator; its own is stored with --principal local.
    const operatorRefused = (await callAs(undefined, slug)).json;
    expect(operatorRefused).toMatchObject({ ok: false, error: { code: "NOT_CONNECTED" } });
    expect(operatorRefused.error.connectUrl).toBeUndefined();
    expect(operatorRefused.error.message).toContain(`src credential set ${slug} --principal local`);
    expect(sentTo(slug)).toHaveLength(3);

    // Who is connected, never a value.
    const listed = await server.api("GET", `/v1/connections?source=${slug}`);
    expect(listed.json.connections.map((entry: { principal: string }) => entry.principal)).toEqual([
      "token:alice",
      "token:bob",
    ]);
    expect(listed.text).not.toContain(aliceKey);

    // Removing bob's connection stops his next call.
    const removed = await server.api("DELETE", `/v1/sources/${slug}/connections?principal=token%3Abob`);
    expect(removed.json).toEqual({ slug, principal: "token:bob", deleted: true });
    expect((await callAs(bob, slug)).json).toMatchObject({ ok: false, error: { code: "NOT_CONNECTED" } });
    expect(sentTo(slug)).toHaveLength(3);

    // The audit line and the log line name who each call was for.
    await expect.poll(async () => (await auditLines()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    const principals = (await auditLines()).map(
      (line) => `${line.principal as string} ${line.errorCode as string | null}`,
    );
    expect(principals).toEqual([
      "token:alice null",
      "token:bob NOT_CONNECTED",
      "token:bob null",
      "token:alice null",
      "local NOT_CONNECTED",
      "token:bob NOT_CONNECTED",
    ]);
    const logged = server.logs
      .records()
      .filter((record) => record.event === "tool_call")
      .map((record) => record.principal);
    expect(logged).toEqual(["token:alice", "token:bob", "token:bob", "token:alice", "local", "token:bob"]);
    const home = await readFile(join(testHome.home, "vault.json"), "utf8");
    for (const secret of [aliceKey, bobKey, "token:alice"]) expect(home).not.toContain(secret);
  });

  it("ends a token's connections when it is revoked: a token created again under its name acts with none of them", async () => {
    const slug = `rv-${Date.now().toString(36)}`;
    const other = `rw-${Date.now().toString(36)}`;
    await addPerUserSource(slug);
    await addPerUserSource(other);
    const alice = await createToken("alice");
    for (const [source, principal] of [
      [slug, "token:alice"],
      [other, "token:alice"],
      [slug, "token:bob"],
    ] as const) {
      const stored = await server.api("PUT", `/v1/sources/${source}/connections`, {
        body: { principal, credential: { token: aliceKey } },
      });
      expect(stored.status, stored.text).toBe(200);
    }
    expect((await callAs(alice, slug)).json).toMatchObject({ ok: true });

    const revoked = await server.api("DELETE", "/v1/tokens/alice");
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json).toEqual({ name: "alice", revoked: true, connectionsRemoved: [slug, other].sort() });
    const left = await server.api("GET", "/v1/connections");
    expect(left.json.connections.map((entry: { principal: string }) => entry.principal)).toEqual(["token:bob"]);

    // Another person's token under the same name: not connected, nothing sent with alice's credential.
    const again = await createToken("alice");
    const refused = await callAs(again, slug);
    expect(refused.json).toMatchObject({ ok: false, attempts: 0, error: { code: "NOT_CONNECTED" } });
    testHome.secrets.push(refused.json.error.connectUrl.split("#/connect/")[1]);
    expect(sentTo(slug)).toEqual([`Bearer ${aliceKey}`]);
  });

  it("a connect link dies with its source: after a remove and an add under the same slug it connects nothing", async () => {
    const slug = `ln-${Date.now().toString(36)}`;
    await addPerUserSource(slug);
    const bob = await createToken("bob");
    const refused = await callAs(bob, slug);
    const linkToken = (refused.json.error.connectUrl as string).split("#/connect/")[1]!;
    testHome.secrets.push(linkToken);
    expect((await server.api("GET", `/v1/connect/${linkToken}`, { token: null })).status).toBe(200);

    expect((await server.api("DELETE", `/v1/sources/${slug}`)).status).toBe(200);
    const gone = await server.api("GET", `/v1/connect/${linkToken}`, { token: null });
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain("list the sources");
    // Another API added under the same slug: the old link is not for it.
    const config = bearerConfig(slug, `${recorder.url}/other-${slug}`) as { api: Record<string, unknown> };
    const readded = await server.api("POST", "/v1/sources", {
      body: { config: { ...config, api: { ...config.api, credentials: "per-user" } } },
    });
    expect(readded.status, readded.text).toBe(201);
    expect((await server.api("GET", `/v1/connect/${linkToken}`, { token: null })).status).toBe(404);
    const posted = await server.api("POST", `/v1/connect/${linkToken}`, {
      token: null,
      body: { credential: { token: bobKey } },
    });
    expect(posted.status).toBe(404);
    expect((await server.api("GET", `/v1/connections?source=${slug}`)).json.connections).toEqual([]);
    expect((await callAs(bob, slug)).json).toMatchObject({ ok: false, attempts: 0, error: { code: "NOT_CONNECTED" } });
    expect(recorder.requests.filter((request) => request.path.includes(slug))).toEqual([]);
  });

  it("keeps at most 3 open links of a principal for a source: an agent calling again and again grows nothing", async () => {
    const slug = `lm-${Date.now().toString(36)}`;
    const other = `lo-${Date.now().toString(36)}`;
    await addPerUserSource(slug);
    await addPerUserSource(other);
    const bob = await createToken("bob");
    const carol = await createToken("carol");
    const linkOf = async (token: string, source: string): Promise<string> => {
      const refused = await callAs(token, source);
      expect(refused.json).toMatchObject({ ok: false, error: { code: "NOT_CONNECTED" } });
      const linkToken = (refused.json.error.connectUrl as string).split("#/connect/")[1]!;
      testHome.secrets.push(linkToken);
      return linkToken;
    };
    const carolLink = await linkOf(carol, slug);
    const bobOtherLink = await linkOf(bob, other);
    const bobLinks: string[] = [];
    for (let call = 0; call < 12; call++) bobLinks.push(await linkOf(bob, slug));
    expect(new Set(bobLinks).size).toBe(12);

    // The three latest are usable; the older ones ended as newer ones were given.
    const peeked = await Promise.all(
      bobLinks.map(async (linkToken) => (await server.api("GET", `/v1/connect/${linkToken}`, { token: null })).status),
    );
    expect(peeked).toEqual([...Array<number>(9).fill(404), 200, 200, 200]);
    const file = JSON.parse(await readFile(join(testHome.home, "connect-links.json"), "utf8")) as {
      links: { slug: string; principal: string; state: string }[];
    };
    const count = (source: string, principal: string): number =>
      file.links.filter((link) => link.slug === source && link.principal === principal).length;
    expect([count(slug, "token:bob"), count(slug, "token:carol"), count(other, "token:bob")]).toEqual([3, 1, 1]);
    // Another principal's link, and bob's for another source, are untouched.
    for (const linkToken of [carolLink, bobOtherLink])
      expect((await server.api("GET", `/v1/connect/${linkToken}`, { token: null })).status).toBe(200);
    const connected = await server.api("POST", `/v1/connect/${bobLinks[11]}`, {
      token: null,
      body: { credential: { token: bobKey } },
    });
    expect(connected.status, connected.text).toBe(200);
    expect((await callAs(bob, slug)).json).toMatchObject({ ok: true });
  });

  it("refuses (422) a principal that is none of local, token:NAME, grant:NAME and idp:SUB, naming the field; stores nothing", async () => {
    const slug = `pr-${Date.now().toString(36)}`;
    await addPerUserSource(slug);
    const vaultBefore = await readFile(join(testHome.home, "vault.json"), "utf8").catch(() => "(none)");
    for (const principal of [
      "bob",
      "Token:bob",
      "token:",
      "token:bob smith",
      "idp:",
      " idp:alice",
      "idp:alice\nlocal",
      `idp:${"s".repeat(253)}`,
    ]) {
      const stored = await server.api("PUT", `/v1/sources/${slug}/connections`, {
        body: { principal, credential: { token: bobKey } },
      });
      expect(stored.status, principal).toBe(422);
      expect(stored.json.error.code).toBe("INVALID_REQUEST");
      expect(stored.json.error.message).toContain("principal: not a principal; write local, token:NAME or grant:NAME");
      expect(stored.json.error.details).toEqual([{ path: "principal", message: expect.stringContaining("idp:SUB") }]);
      const query = `principal=${encodeURIComponent(principal)}`;
      const removed = await server.api("DELETE", `/v1/sources/${slug}/connections?${query}`);
      expect(removed.status, principal).toBe(422);
      expect(removed.json.error.message).toContain("principal: not a principal");
      const listed = await server.api("GET", `/v1/connections?${query}`);
      expect(listed.status, principal).toBe(422);
    }
    expect((await server.api("GET", "/v1/connections")).json.connections).toEqual([]);
    expect(await readFile(join(testHome.home, "vault.json"), "utf8").catch(() => "(none)")).toBe(vaultBefore);
    // Every form a principal has is taken, an identity provider's sub of up to 252 characters included.
    const principals = [
      "local",
      "token:bob",
      "grant:claude-ai-3f9a1c",
      "idp:auth0|64f0c2a9e1",
      `idp:${"s".repeat(252)}`,
    ];
    for (const principal of principals) {
      const stored = await server.api("PUT", `/v1/sources/${slug}/connections`, {
        body: { principal, credential: { token: bobKey } },
      });
      expect(stored.status, stored.text).toBe(200);
    }
    const listed = await server.api("GET", `/v1/connections?source=${slug}`);
    expect(listed.json.connections).toHaveLength(principals.length);
  });

  it("refuses (422) a missing principal, naming the field as required with the principal forms; removes and stores nothing", async () => {
    const slug = `nopr-${Date.now().toString(36)}`;
    await addPerUserSource(slug);
    expect(
      (
        await server.api("PUT", `/v1/sources/${slug}/connections`, {
          body: { principal: "token:bob", credential: { token: bobKey } },
        })
      ).status,
    ).toBe(200);
    const vaultBefore = await readFile(join(testHome.home, "vault.json"), "utf8");
    const removed = await server.api("DELETE", `/v1/sources/${slug}/connections`);
    expect(removed.status, removed.text).toBe(422);
    expect(removed.json.error.code).toBe("INVALID_REQUEST");
    expect(removed.json.error.message).toContain("principal: is required; write local, token:NAME or grant:NAME");
    expect(removed.json.error.message).toContain("idp:SUB");
    expect(removed.json.error.message).not.toContain("received undefined");
    expect(removed.json.error.details).toEqual([
      { path: "principal", message: expect.stringContaining("is required") },
    ]);
    const stored = await server.api("PUT", `/v1/sources/${slug}/connections`, {
      body: { credential: { token: bobKey } },
    });
    expect(stored.status, stored.text).toBe(422);
    expect(stored.json.error.message).toContain("principal: is required; write local, token:NAME");
    expect(await readFile(join(testHome.home, "vault.json"), "utf8")).toBe(vaultBefore);
    expect((await server.api("GET", `/v1/connections?source=${slug}`)).json.connections).toMatchObject([
      { principal: "token:bob" },
    ]);
  });

  it("never falls back to the shared credential a source had before it became per-user", async () => {
    const slug = `was-shared-${Date.now().toString(36)}`;
    const added = await server.api("POST", "/v1/sources", {
      body: { config: bearerConfig(slug, `${recorder.url}/${slug}`), credential: { token: sharedKey } },
    });
    expect(added.status, added.text).toBe(201);
    expect((await callAs(undefined, slug)).json).toMatchObject({ ok: true });
    // The add's test call, then the operator's call: both with the shared credential.
    expect(sentTo(slug)).toEqual([`Bearer ${sharedKey}`, `Bearer ${sharedKey}`]);
    expect(
      (await server.api("PATCH", `/v1/sources/${slug}`, { body: { api: { credentials: "per-user" } } })).status,
    ).toBe(200);
    const agent = await createToken("carol");
    expect((await callAs(agent, slug)).json).toMatchObject({
      ok: false,
      attempts: 0,
      error: { code: "NOT_CONNECTED" },
    });
    expect((await callAs(undefined, slug)).json).toMatchObject({ ok: false, error: { code: "NOT_CONNECTED" } });
    expect(sentTo(slug)).toHaveLength(2);
    // A shared credential is refused for a per-user source, and a principal's for a shared one.
    const shared = await server.api("PUT", `/v1/sources/${slug}/credential`, { body: { token: sharedKey } });
    expect(shared.status).toBe(422);
    expect(shared.json.error).toMatchObject({
      code: "CREDENTIAL_MODE_MISMATCH",
      message: expect.stringContaining("--principal"),
    });
    const other = `plain-${Date.now().toString(36)}`;
    const plain = await server.api("POST", "/v1/sources", {
      body: { config: bearerConfig(other, `${recorder.url}/${other}`), credential: { token: sharedKey } },
    });
    expect(plain.status, plain.text).toBe(201);
    const refused = await server.api("PUT", `/v1/sources/${other}/connections`, {
      body: { principal: "token:carol", credential: { token: bobKey } },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe("CREDENTIAL_MODE_MISMATCH");
  });

  it("answers an MCP agent without a credential with NOT_CONNECTED and the link, over the official SDK client", async () => {
    const slug = `mcp-${Date.now().toString(36)}`;
    await addPerUserSource(slug);
    const dave = await createToken("dave");
    const transport = new StreamableHTTPClientTransport(new URL(`${server.server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${dave}` } },
    });
    const client = new Client({ name: "per-user-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      const result = (await client.callTool({
        name: `api_${slug.replace(/-/g, "_")}`,
        arguments: { method: "GET", path: "/issues" },
      })) as { isError?: boolean; content: { type: string; text?: string }[] };
      expect(result.isError).toBe(true);
      const text = result.content.map((part) => part.text ?? "").join("\n");
      expect(text).toContain("NOT_CONNECTED");
      expect(text).toMatch(/#\/connect\/srcc_/);
      expect(sentTo(slug)).toEqual([]);
      await server.api("PUT", `/v1/sources/${slug}/connections`, {
        body: { principal: "token:dave", credential: { token: bobKey } },
      });
      const ok = (await client.callTool({
        name: `api_${slug.replace(/-/g, "_")}`,
        arguments: { method: "GET", path: "/issues" },
      })) as { isError?: boolean };
      expect(ok.isError ?? false).toBe(false);
      expect(sentTo(slug)).toEqual([`Bearer ${bobKey}`]);
    } finally {
      await client.close();
    }
  });

  describe("URL-mode elicitation (MCP 2025-11-25)", () => {
    /** An MCP client of `token` that declares URL elicitation and answers each one with `answer`. */
    async function elicitingClient(
      token: string,
      answer: (request: { url: string; elicitationId: string; message: string }) => "accept" | "decline" | "cancel",
    ) {
      const asked: { url: string; elicitationId: string; message: string }[] = [];
      const completed: string[] = [];
      const client = new Client(
        { name: "per-user-elicitation-test", version: "1.0.0" },
        { capabilities: { elicitation: { url: {} } } },
      );
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        const params = request.params as { mode?: string; url: string; elicitationId: string; message: string };
        expect(params.mode).toBe("url");
        asked.push(params);
        return { action: answer(params) };
      });
      client.setNotificationHandler(
        ElicitationCompleteNotificationSchema,
        (notification) => void completed.push(notification.params.elicitationId),
      );
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${server.server.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      return { client, asked, completed };
    }

    it("sends the person the connect link; once they connected, the call is answered with their credential", async () => {
      const slug = `elicit-${Date.now().toString(36)}`;
      await addPerUserSource(slug);
      const frank = await createToken("frank");
      let connecting: Promise<Response> | undefined;
      const { client, asked, completed } = await elicitingClient(frank, ({ url }) => {
        // The person opens the link and pastes their key (here: the connect page's own request), after accepting.
        const linkToken = url.split("#/connect/")[1]!;
        connecting = fetch(`${server.server.url}/v1/connect/${linkToken}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ credential: { token: bobKey } }),
        });
        return "accept";
      });
      try {
        const result = (await client.callTool({
          name: `api_${slug.replace(/-/g, "_")}`,
          arguments: { method: "GET", path: "/issues" },
        })) as { isError?: boolean; content: { text?: string }[] };
        expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
        expect(asked).toHaveLength(1);
        expect(asked[0]!.url).toMatch(new RegExp(`^${server.server.publicUrl}/#/connect/srcc_`));
        expect(asked[0]!.message).toContain('"token:frank"');
        expect((await connecting)?.status).toBe(200);
        expect(sentTo(slug)).toEqual([`Bearer ${bobKey}`]);
        await expect.poll(() => completed, { timeout: 10_000 }).toEqual([asked[0]!.elicitationId]);
      } finally {
        await client.close();
      }
    });

    it("a declined elicitation sends nothing and answers NOT_CONNECTED", async () => {
      const slug = `decline-${Date.now().toString(36)}`;
      await addPerUserSource(slug);
      const grace = await createToken("grace");
      const { client, asked } = await elicitingClient(grace, () => "decline");
      try {
        const result = (await client.callTool({
          name: `api_${slug.replace(/-/g, "_")}`,
          arguments: { method: "GET", path: "/issues" },
        })) as { isError?: boolean; content: { text?: string }[] };
        expect(result.isError).toBe(true);
        expect(result.content.map((part) => part.text ?? "").join("\n")).toContain("NOT_CONNECTED");
        expect(asked).toHaveLength(1);
        expect(sentTo(slug)).toEqual([]);
      } finally {
        await client.close();
      }
    });
  });

  it("sends each person's own Basic credential to httpbin, which lets each in as themselves only", async () => {
    const httpbin = await startHttpbin();
    try {
      const slug = `bin-${Date.now().toString(36)}`;
      const answer = await server.api("POST", "/v1/sources", {
        body: {
          config: {
            type: "api",
            name: "Httpbin",
            slug,
            enabled: true,
            api: { baseUrl: httpbin.origin, authType: "basic", testEndpoint: "/get", credentials: "per-user" },
          },
        },
      });
      expect(answer.status, answer.text).toBe(201);
      // httpbin's door /basic-auth/USER/PASSWORD lets in only that user with that password (written in the path by
      // the agent, so not a secret of this test's log scan).
      const [alicePassword, bobPassword] = ["alice-door-3f8a", "bob-door-9c2e"];
      const [alice, bob] = [await createToken("alice"), await createToken("bob")];
      for (const [principal, username, password] of [
        ["token:alice", "alice", alicePassword],
        ["token:bob", "bob", bobPassword],
      ] as const) {
        const stored = await server.api("PUT", `/v1/sources/${slug}/connections`, {
          body: { principal, credential: { username, password } },
        });
        expect(stored.status, stored.text).toBe(200);
      }
      const aliceIn = await callAs(alice, slug, `/basic-auth/alice/${alicePassword}`);
      expect(aliceIn.json).toMatchObject({ ok: true, status: 200, body: { value: { authenticated: true } } });
      // Bob's agent, at Alice's door, is refused by httpbin: it sends Bob's credential, never Alice's.
      expect((await callAs(bob, slug, `/basic-auth/alice/${alicePassword}`)).json).toMatchObject({ status: 401 });
      expect((await callAs(bob, slug, `/basic-auth/bob/${bobPassword}`)).json).toMatchObject({ ok: true, status: 200 });
      // Once Bob's connection is removed, his next call sends nothing.
      expect((await server.api("DELETE", `/v1/sources/${slug}/connections?principal=token:bob`)).json).toMatchObject({
        deleted: true,
      });
      expect((await callAs(bob, slug, `/basic-auth/bob/${bobPassword}`)).json).toMatchObject({
        ok: false,
        error: { code: "NOT_CONNECTED" },
      });
    } finally {
      await httpbin.stop();
    }
  });
});
