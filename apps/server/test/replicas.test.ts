import { randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { cliAddBearerArgs, runCli, type CliRun } from "./helpers/run-cli";
import { startReplica, type Replica } from "./helpers/start-replica";
import { bearerConfig } from "./helpers/test-server";
import { useReplicaSetup } from "./helpers/use-replica-setup";

// Two (or three) `src serve` replicas and the CLI on one real PostgreSQL: the replicas' own processes, as operators run them.
const upstreamToken = `upstream-${randomBytes(12).toString("hex")}`;
const adminToken = `admin-${randomBytes(16).toString("hex")}`;
const oldKey = randomBytes(32).toString("base64");
const newKey = randomBytes(32).toString("base64");
const secrets = [upstreamToken, adminToken, oldKey, newKey];
const setup = useReplicaSetup({ upstreamToken, secrets });
const { replicas, printed } = setup;

/** The environment every replica and CLI run shares: one store, one admin token, one vault key. */
const sharedEnv = (
  storeUrl: string,
  key: Record<string, string> = { SRC_VAULT_KEY: oldKey },
): Record<string, string> => ({ SRC_STORE: storeUrl, SRC_SERVER_TOKEN: adminToken, ...key });

async function replica(storeUrl: string, key?: Record<string, string>): Promise<Replica> {
  const started = await startReplica(sharedEnv(storeUrl, key));
  replicas.push(started);
  return started;
}

async function cli(storeUrl: string, args: string[], stdin?: string, key?: Record<string, string>): Promise<CliRun> {
  const run = await runCli(["--json", ...args], {
    env: { ...sharedEnv(storeUrl, key), SRC_HOME: "/nonexistent-src-home" },
    stdin,
  });
  printed.push(run.stdout, run.stderr);
  return run;
}

const addSource = (target: Replica, slug: string) =>
  target.api("POST", "/v1/sources", {
    config: bearerConfig(slug, setup.upstream.url),
    credential: { token: upstreamToken },
  });
const call = (target: Replica, slug: string) =>
  target.api("POST", `/v1/tools/${slug}/call`, { method: "GET", path: "/me" });

async function connectMcp(target: Replica): Promise<{ client: Client; changes: () => number }> {
  const client = new Client({ name: "replica-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${target.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${adminToken}` } },
    }),
  );
  let changes = 0;
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    changes += 1;
  });
  return { client, changes: () => changes };
}

describe("replicas on one PostgreSQL store", () => {
  it("a source added through replica A is called through B; an MCP client on B hears list_changed within 2 s of a change through A or the CLI", async () => {
    const storeUrl = await setup.database.createDatabase();
    const [a, b] = await Promise.all([replica(storeUrl), replica(storeUrl)]);
    for (const target of [a, b])
      expect(await target.api("GET", "/readyz")).toMatchObject({
        status: 200,
        json: { ok: true, database: true, listener: true },
      });
    const mcp = await connectMcp(b);
    try {
      expect((await addSource(a, "weather")).status).toBe(201);
      expect(await call(b, "weather")).toMatchObject({ status: 200, json: { ok: true, status: 200 } });
      await expect.poll(mcp.changes, { timeout: 2000, interval: 50 }).toBeGreaterThanOrEqual(1);
      expect((await mcp.client.listTools()).tools.map((tool) => tool.name)).toEqual(["api_weather"]);

      const before = mcp.changes();
      const added = await cli(
        storeUrl,
        cliAddBearerArgs("From CLI", "from-cli", setup.upstream.url, "--no-test"),
        upstreamToken,
      );
      expect(added.code, added.stderr).toBe(0);
      await expect.poll(mcp.changes, { timeout: 2000, interval: 50 }).toBeGreaterThan(before);
      expect((await mcp.client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
        "api_from_cli",
        "api_weather",
      ]);
      expect(await call(a, "from-cli")).toMatchObject({ status: 200, json: { ok: true } });
    } finally {
      await mcp.client.close();
    }
  });

  it("loses nothing when the CLI, two replicas and eight writer processes change sources and credentials at once; the database holds no plaintext credential", async () => {
    const storeUrl = await setup.database.createDatabase();
    const [a, b] = await Promise.all([replica(storeUrl), replica(storeUrl)]);
    const writers = Array.from({ length: 8 }, (_, index) =>
      cli(
        storeUrl,
        cliAddBearerArgs(`Writer ${index}`, `writer-${index}`, setup.upstream.url, "--no-test"),
        upstreamToken,
      ),
    );
    const throughReplicas = Array.from({ length: 8 }, (_, index) =>
      addSource(index % 2 === 0 ? a : b, `replica-${index}`),
    );
    const runs = await Promise.all(writers);
    expect(runs.map((run) => run.code)).toEqual(Array(8).fill(0));
    expect((await Promise.all(throughReplicas)).map((answer) => answer.status)).toEqual(Array(8).fill(201));
    // Then every writer changes a source another one made, while the replicas change the credentials of the CLI's.
    const edits = Array.from({ length: 8 }, (_, index) =>
      cli(storeUrl, ["source", "edit", `replica-${index}`, "--name", `Edited ${index}`]),
    );
    const credentialSets = Array.from({ length: 8 }, (_, index) =>
      (index % 2 === 0 ? b : a).api("PUT", `/v1/sources/writer-${index}/credential`, { token: upstreamToken }),
    );
    expect((await Promise.all(edits)).map((run) => run.code)).toEqual(Array(8).fill(0));
    expect((await Promise.all(credentialSets)).map((answer) => answer.status)).toEqual(Array(8).fill(200));

    for (const target of [a, b]) {
      const listed = (await target.api("GET", "/v1/sources")).json.sources as {
        slug: string;
        ok: boolean;
        hasCredential: boolean;
        source: { name: string };
      }[];
      expect(listed).toHaveLength(16);
      expect(listed.every((entry) => entry.ok && entry.hasCredential)).toBe(true);
      expect(
        listed
          .filter((entry) => entry.slug.startsWith("replica-"))
          .map((entry) => entry.source.name)
          .sort(),
      ).toEqual(Array.from({ length: 8 }, (_, index) => `Edited ${index}`));
    }
    expect(await call(b, "writer-3")).toMatchObject({ status: 200, json: { ok: true } });

    const sql = postgres(storeUrl, { onnotice: () => undefined });
    try {
      const rows = await sql.unsafe(
        `select string_agg(t::text, E'\\n') as text from (select * from src_credentials) t`,
      );
      const everything =
        JSON.stringify(await sql.unsafe(`select * from src_sources, src_vault, src_store_state`)) +
        String((rows[0] as unknown as { text: string }).text);
      for (const secret of [
        upstreamToken,
        oldKey,
        Buffer.from(upstreamToken).toString("base64"),
        Buffer.from(upstreamToken).toString("hex"),
      ])
        expect(everything).not.toContain(secret);
    } finally {
      await sql.end();
    }
  });

  it("a replica killed with SIGKILL in the middle of writes leaves no half-written source or credential, and the other keeps serving", async () => {
    const storeUrl = await setup.database.createDatabase();
    const [a, victim] = await Promise.all([replica(storeUrl), startReplica(sharedEnv(storeUrl))]);
    expect((await addSource(a, "steady")).status).toBe(201);
    const writes = Array.from({ length: 30 }, (_, index) => addSource(victim, `crash-${index}`).catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 150));
    await victim.kill("SIGKILL");
    await Promise.all(writes);
    const listed = (await a.api("GET", "/v1/sources")).json.sources as {
      slug: string;
      ok: boolean;
      hasCredential: boolean;
    }[];
    expect(listed.every((entry) => entry.ok)).toBe(true);
    for (const entry of listed.filter((listedEntry) => listedEntry.hasCredential))
      expect((await call(a, entry.slug)).json, entry.slug).toMatchObject({ ok: true });
    expect(await call(a, "steady")).toMatchObject({ status: 200, json: { ok: true } });
  });

  it("recovers from a database restart under load without restarting the replicas", async () => {
    const storeUrl = await setup.database.createDatabase();
    const [a, b] = await Promise.all([replica(storeUrl), replica(storeUrl)]);
    expect((await addSource(a, "steady")).status).toBe(201);
    let stopped = false;
    const outcomes: number[] = [];
    const load = [a, b].map(async (target) => {
      while (!stopped) outcomes.push((await call(target, "steady").catch(() => ({ status: 0 }))).status);
    });
    await setup.database.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await setup.database.start();
    // Once the listener is back, a change through A reaches B again.
    for (const target of [a, b])
      await expect
        .poll(async () => (await target.api("GET", "/readyz")).status, { timeout: 20_000, interval: 250 })
        .toBe(200);
    expect((await addSource(a, "after-restart")).status).toBe(201);
    await expect.poll(async () => (await call(b, "after-restart")).status, { timeout: 5000 }).toBe(200);
    stopped = true;
    await Promise.all(load);
    expect(outcomes.at(-1)).toBe(200);
  }, 60_000);

  it("rotates the key with two replicas running: they keep serving until each is restarted with the new key", async () => {
    const storeUrl = await setup.database.createDatabase();
    let [a, b] = await Promise.all([replica(storeUrl), replica(storeUrl)]);
    expect((await addSource(a, "rotating")).status).toBe(201);
    expect(await call(b, "rotating")).toMatchObject({ json: { ok: true } });
    expect(await call(a, "rotating")).toMatchObject({ json: { ok: true } });

    const rotated = await cli(storeUrl, ["vault", "rotate"], undefined, { SRC_VAULT_KEYS: `${newKey},${oldKey}` });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout)).toMatchObject({ rotated: true, credentials: 1 });
    // Both replicas still run on the old key, and still serve.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await call(a, "rotating")).toMatchObject({ json: { ok: true } });
    expect(await call(b, "rotating")).toMatchObject({ json: { ok: true } });
    // One at a time, each is restarted with the new key.
    await a.stop();
    a = await replica(storeUrl, { SRC_VAULT_KEY: newKey });
    expect(await call(a, "rotating")).toMatchObject({ json: { ok: true } });
    expect(await call(b, "rotating")).toMatchObject({ json: { ok: true } });
    await b.stop();
    b = await replica(storeUrl, { SRC_VAULT_KEY: newKey });
    expect(await call(b, "rotating")).toMatchObject({ json: { ok: true } });
    // The old key alone no longer opens the store: the replica refuses to start, saying so.
    const refused = await cli(storeUrl, ["source", "list"]);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout + refused.stderr).toMatch(/WRONG_VAULT_KEY|another key/);
  }, 60_000);

  it("refuses to start on PostgreSQL without a vault key in the environment, saying where it must come from", async () => {
    const storeUrl = await setup.database.createDatabase();
    const run = await runCli(["serve", "--port", "0"], {
      env: { SRC_HOME: "/nonexistent-src-home", SRC_STORE: storeUrl, SRC_SERVER_TOKEN: adminToken },
    });
    printed.push(run.stdout, run.stderr);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/SRC_VAULT_KEY/);
    expect(run.stderr).not.toContain(storeUrl.split("@")[0]!.split(":").at(-1)!);
  });

  it("two replicas share one rate limit (api.policy.rateLimit counted in PostgreSQL): 429 on either once it is spent", async () => {
    const storeUrl = await setup.database.createDatabase();
    const [a, b] = await Promise.all([replica(storeUrl), replica(storeUrl)]);
    expect((await addSource(a, "limited")).status).toBe(201);
    expect(
      (await a.api("PATCH", "/v1/sources/limited", { api: { policy: { rateLimit: { calls: 3, perSeconds: 60 } } } }))
        .status,
    ).toBe(200);
    const before = setup.upstream.seen.length;
    const answers = [];
    for (const target of [a, b, a, b, a]) answers.push(await call(target, "limited"));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[3]!.json).toMatchObject({ ok: false, error: { code: "RATE_LIMITED", rule: "rateLimit 3/60s" } });
    expect(setup.upstream.seen.length - before).toBe(3);
  });
});
