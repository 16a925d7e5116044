import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { startServe, type RunningServe } from "./helpers/start-serve";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { sourceAddArgs } from "./helpers/source-add-args";

// `src logs` names whom each call was for (the principal) and shows a policy refusal with its rule: calls of the
// operator (`src call`, principal local) and of an agent token's person (through `src serve`, token:alice).

const aliceKey = `logs-alice-${randomBytes(8).toString("hex")}`;
const adminToken = `admin-${randomBytes(12).toString("hex")}`;
const slug = "people";
let temp: TempHome;
let upstream: Upstream;
let serve: RunningServe | undefined;
let agentToken: string;
const src = (args: string[], stdin?: string): Promise<RunResult> =>
  runSrc(args, { env: temp.env, ...(stdin === undefined ? {} : { stdin }) });

/** A call of the agent holding alice's token, through the running server's tool route. */
async function callAsAlice(method: string, path: string): Promise<{ ok: boolean; error?: { code: string } }> {
  const answer = await fetch(`${serve!.url.replace(/\/$/, "")}/v1/tools/api_${slug}/call`, {
    method: "POST",
    headers: { authorization: `Bearer ${agentToken}`, "content-type": "application/json" },
    body: JSON.stringify({ method, path }),
  });
  return (await answer.json()) as { ok: boolean; error?: { code: string } };
}

beforeAll(async () => {
  temp = await createTempHome();
  upstream = await startUpstream({ type: "bearer", token: aliceKey });
  const added = await src(
    sourceAddArgs(
      { name: "People", slug, baseUrl: upstream.url },
      "--auth",
      "bearer",
      "--credentials",
      "per-user",
      "--deny",
      "DELETE /**",
    ),
  );
  expect(added.code, added.stderr).toBe(0);
  const created = await src(["--json", "token", "create", "alice"]);
  expect(created.code, created.stderr).toBe(0);
  agentToken = (JSON.parse(created.stdout) as { token: string }).token;
  const set = await src(["credential", "set", slug, "--principal", "token:alice", "--credential-stdin"], aliceKey);
  expect(set.code, set.stderr).toBe(0);
  serve = await startServe({ ...temp.env, SRC_SERVER_TOKEN: adminToken });
}, 60_000);
afterAll(async () => {
  await serve?.stop();
  await upstream.close();
  await temp.cleanup();
});

describe("src logs: the principal and the policy's refusals", { timeout: 60_000 }, () => {
  it("shows whom each call was for in its own column, and a denied call with the rule that refused it", async () => {
    // The operator has no credential of their own for this per-user source: refused, for local.
    const local = await src(["call", slug, "GET", "/repos"]);
    expect(local.stderr).toContain("NOT_CONNECTED");
    expect(await callAsAlice("GET", "/repos")).toMatchObject({ ok: true });
    expect(await callAsAlice("DELETE", "/repos/1")).toMatchObject({ ok: false, error: { code: "POLICY_DENIED" } });
    // The server appends its audit lines as its answers go out: wait for the last one.
    await expect.poll(async () => (await src(["logs"])).stdout, { timeout: 20_000 }).toContain("DELETE /repos/1");

    const logs = await src(["logs"]);
    expect(logs.code, logs.stderr).toBe(0);
    const [header, ...rows] = logs.stdout.trimEnd().split("\n");
    expect(header).toMatch(
      /^time {2,}channel {2,}source {2,}principal {2,}status {2,}duration {2,}attempts {2}error {2,}request$/,
    );
    const start = header!.indexOf("principal");
    expect(rows.map((row) => row.slice(start).split(/ {2,}/)[0])).toEqual(["local", "token:alice", "token:alice"]);
    expect(rows[0]).toMatch(/ {2}cli {2,}people {2,}local {2,}- {2,}\d+ms {2,}0 {2}NOT_CONNECTED {2,}GET \/repos$/);
    expect(rows[1]).toMatch(/ {2}http {2,}people {2,}token:alice {2,}200 {2,}\d+ms {2,}1 {2,}GET \/repos$/);
    expect(rows[2]).toMatch(
      / {2}http {2,}people {2,}token:alice {2,}- {2,}\d+ms {2,}0 {2}POLICY_DENIED {2,}DELETE \/repos\/1 \(denied: DELETE \/\*\*\)$/,
    );
    // Only the denied call was not sent; the allowed one went out with alice's own credential.
    expect(upstream.requests.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /repos"]);

    // --json has the same lines whole, as stored.
    const json = (await src(["--json", "logs"])).stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { principal?: string; outcome?: string; rule?: string });
    expect(json.map(({ principal, outcome, rule }) => `${principal} ${outcome} ${rule ?? "-"}`)).toEqual([
      "local refused -",
      "token:alice sent -",
      "token:alice denied DELETE /**",
    ]);
    for (const secret of [aliceKey, agentToken, adminToken]) {
      expect(logs.stdout + logs.stderr).not.toContain(secret);
      expect(JSON.stringify(json)).not.toContain(secret);
    }
  });

  it("shows - for a line written before principals, and a long principal cut to its column", async () => {
    const old = await createTempHome();
    try {
      const longPrincipal = `idp:${"x".repeat(60)}`;
      const line = (principal: string | undefined) =>
        JSON.stringify({
          time: "2025-01-02T03:04:05.000Z",
          channel: "http",
          source: "old",
          ...(principal === undefined ? {} : { principal }),
          method: "GET",
          path: "/before",
          status: 200,
          ok: true,
          durationMs: 3,
          attempts: 1,
          errorCode: null,
        });
      await mkdir(join(old.home, "logs"), { recursive: true });
      await writeFile(join(old.home, "logs", "calls.jsonl"), `${line(undefined)}\n${line(longPrincipal)}\n`, {
        mode: 0o600,
      });
      const logs = await runSrc(["logs"], { env: old.env });
      expect(logs.code, logs.stderr).toBe(0);
      const [header, ...rows] = logs.stdout.trimEnd().split("\n");
      const start = header!.indexOf("principal");
      expect(rows.map((row) => row.slice(start).split(/ {2,}/)[0])).toEqual(["-", `${longPrincipal.slice(0, 31)}…`]);
      expect(rows[0]).toMatch(/ {2}old {2,}- {2,}200 {2,}3ms {2,}1 {2,}GET \/before$/);
      // --json has it whole.
      expect((await runSrc(["--json", "logs"], { env: old.env })).stdout).toContain(longPrincipal);
    } finally {
      await old.cleanup();
    }
  });
});
