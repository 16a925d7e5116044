import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { sendJson, startUpstream } from "@src/http-tool/testing";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReplica, type Replica } from "./helpers/start-replica";
import { bearerConfig } from "./helpers/test-server";
import { useReplicaSetup } from "./helpers/use-replica-setup";

// Per-user sources on two `src serve` replicas sharing one real PostgreSQL: a connect link issued by replica A is
// opened and used through replica B, once; the person's own credential then goes out through both; and an MCP call
// waiting on A (URL elicitation) goes on once the person connected through B. A recorder on 127.0.0.1 proves which
// credential each call carried.
const adminToken = `admin-${randomBytes(16).toString("hex")}`;
const vaultKey = randomBytes(32).toString("base64");
const aliceKey = `ghp-alice-${randomBytes(8).toString("hex")}`;
const bobKey = `ghp-bob-${randomBytes(8).toString("hex")}`;
const secrets = [adminToken, vaultKey, aliceKey, bobKey];
const setup = useReplicaSetup({ upstreamToken: `unused-${randomBytes(8).toString("hex")}`, secrets });
let recorder: Awaited<ReturnType<typeof startUpstream>>;
beforeAll(async () => {
  recorder = await startUpstream((_request, response, recorded) => sendJson(response, 200, { path: recorded.path }));
});
afterAll(() => recorder.close());

async function replica(storeUrl: string): Promise<Replica> {
  const started = await startReplica({ SRC_STORE: storeUrl, SRC_SERVER_TOKEN: adminToken, SRC_VAULT_KEY: vaultKey });
  setup.replicas.push(started);
  return started;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any JSON answer
type JsonAnswer = { status: number; json: any };

/** A request to `target` with `token` as the bearer (null: none, as the connect page sends). */
async function request(
  target: Replica,
  method: string,
  path: string,
  { token, body }: { token: string | null; body?: unknown },
): Promise<JsonAnswer> {
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : (JSON.parse(text) as unknown) };
}

/** The console's connect page posting the person's key (apps/console/src/api/connect-link-api.ts). */
const connectThrough = (target: Replica, linkToken: string, key: string) =>
  request(target, "POST", `/v1/connect/${linkToken}`, { token: null, body: { credential: { token: key } } });

const toolOf = (slug: string) => `api_${slug.replace(/-/g, "_")}`;
const callAs = (target: Replica, token: string, slug: string) =>
  request(target, "POST", `/v1/tools/${toolOf(slug)}/call`, { token, body: { method: "GET", path: "/issues" } });
/** The Authorization header of every request the recorder got under `/<slug>`, in order. */
const sentTo = (slug: string) =>
  recorder.requests
    .filter((recorded) => recorded.path.startsWith(`/${slug}/`))
    .map((recorded) => recorded.headers.authorization ?? "(none)");

async function startPair(): Promise<{ a: Replica; b: Replica; storeUrl: string; slug: string }> {
  const storeUrl = await setup.database.createDatabase();
  const [a, b] = await Promise.all([replica(storeUrl), replica(storeUrl)]);
  const slug = `gh-${randomBytes(4).toString("hex")}`;
  const config = bearerConfig(slug, `${recorder.url}/${slug}`) as { api: Record<string, unknown> };
  const added = await a.api("POST", "/v1/sources", {
    config: { ...config, api: { ...config.api, credentials: "per-user" } },
  });
  expect(added.status, JSON.stringify(added.json)).toBe(201);
  return { a, b, storeUrl, slug };
}

async function agentToken(target: Replica, name: string): Promise<string> {
  const created = await target.api("POST", "/v1/tokens", { name });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const token = created.json.token as string;
  secrets.push(token);
  return token;
}

const linkTokenOf = (connectUrl: string): string => {
  const token = connectUrl.split("#/connect/")[1];
  expect(token).toMatch(/^srcc_[A-Za-z0-9_-]+$/);
  secrets.push(token!);
  return token!;
};

describe("per-user sources on two replicas sharing PostgreSQL", () => {
  it("a link from replica A connects the person through replica B, once; their own credential then goes out through both", async () => {
    const { a, b, storeUrl, slug } = await startPair();
    const alice = await agentToken(a, "alice");

    const refused = await callAs(a, alice, slug);
    expect(refused.json).toMatchObject({ ok: false, attempts: 0, error: { code: "NOT_CONNECTED" } });
    expect(sentTo(slug)).toEqual([]);
    const linkToken = linkTokenOf(refused.json.error.connectUrl as string);

    // B knows the link A issued: what it is for, then the person's key through it.
    const peek = await request(b, "GET", `/v1/connect/${linkToken}`, { token: null });
    expect(peek.status, JSON.stringify(peek.json)).toBe(200);
    expect(peek.json).toMatchObject({ source: { slug }, principal: "token:alice" });
    const connected = await connectThrough(b, linkToken, aliceKey);
    expect(connected.status, JSON.stringify(connected.json)).toBe(200);
    expect(connected.json).toEqual({ slug, principal: "token:alice", connected: true });
    // Used up on both replicas.
    for (const target of [a, b]) {
      expect((await connectThrough(target, linkToken, bobKey)).status).toBe(404);
      expect((await request(target, "GET", `/v1/connect/${linkToken}`, { token: null })).status).toBe(404);
    }

    expect((await callAs(b, alice, slug)).json).toMatchObject({ ok: true, status: 200 });
    expect((await callAs(a, alice, slug)).json).toMatchObject({ ok: true, status: 200 });
    expect(sentTo(slug)).toEqual([`Bearer ${aliceKey}`, `Bearer ${aliceKey}`]);
    const listed = await b.api("GET", `/v1/connections?source=${slug}`);
    expect(listed.json.connections.map((entry: { principal: string }) => entry.principal)).toEqual(["token:alice"]);

    // The database holds the link's SHA-256, never the link's token, nor the key in clear.
    const sql = postgres(storeUrl, { max: 1, onnotice: () => undefined });
    try {
      const links = await sql`select * from src_connect_links`;
      expect(links.length).toBeGreaterThanOrEqual(1);
      const connections = await sql`select * from src_connections`;
      const dumped = JSON.stringify({
        links,
        connections: connections.map((row) => Buffer.from(row.ciphertext as Uint8Array).toString("latin1")),
      });
      expect(dumped).not.toContain(linkToken);
      expect(dumped).not.toContain(aliceKey);
    } finally {
      await sql.end();
    }
  });

  it("of two replicas taking one link at once, exactly one connects the person", async () => {
    const { a, b, slug } = await startPair();
    const carol = await agentToken(b, "carol");
    const refused = await callAs(b, carol, slug);
    const linkToken = linkTokenOf(refused.json.error.connectUrl as string);
    // Both replicas know the link: the race below is a real one.
    for (const target of [a, b])
      expect((await request(target, "GET", `/v1/connect/${linkToken}`, { token: null })).status).toBe(200);
    const answers = await Promise.all([
      connectThrough(a, linkToken, aliceKey),
      connectThrough(b, linkToken, bobKey),
      connectThrough(a, linkToken, aliceKey),
      connectThrough(b, linkToken, bobKey),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404]);
    const winner = answers.findIndex((answer) => answer.status === 200) % 2 === 0 ? aliceKey : bobKey;
    expect((await callAs(a, carol, slug)).json).toMatchObject({ ok: true });
    expect(sentTo(slug)).toEqual([`Bearer ${winner}`]);
  });

  it("an MCP call waiting on replica A (URL elicitation) is answered with the person's own credential once they connected through B", async () => {
    const { a, b, slug } = await startPair();
    const dave = await agentToken(a, "dave");
    const asked: string[] = [];
    const client = new Client(
      { name: "per-user-replicas-test", version: "1.0.0" },
      { capabilities: { elicitation: { url: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, (elicitation) => {
      asked.push((elicitation.params as { url: string }).url);
      // The person accepts and opens the link; they connect later, through the other replica.
      return { action: "accept" };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${a.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${dave}` } },
      }),
    );
    try {
      const calling = client.callTool(
        { name: toolOf(slug), arguments: { method: "GET", path: "/issues" } },
        undefined,
        { timeout: 120_000 },
      ) as Promise<{ isError?: boolean; content: { text?: string }[] }>;
      await expect.poll(() => asked.length, { timeout: 20_000 }).toBe(1);
      expect(sentTo(slug)).toEqual([]);
      const linkToken = linkTokenOf(asked[0]!);
      const connected = await connectThrough(b, linkToken, bobKey);
      expect(connected.status, JSON.stringify(connected.json)).toBe(200);
      expect(connected.json).toMatchObject({ principal: "token:dave" });

      const result = await calling;
      expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
      expect(sentTo(slug)).toEqual([`Bearer ${bobKey}`]);
      expect((await connectThrough(a, linkToken, aliceKey)).status).toBe(404);
      expect((await callAs(b, dave, slug)).json).toMatchObject({ ok: true });
      expect(sentTo(slug)).toEqual([`Bearer ${bobKey}`, `Bearer ${bobKey}`]);
    } finally {
      await client.close();
    }
  });
});
