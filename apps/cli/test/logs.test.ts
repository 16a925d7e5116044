import type { CallAuditLine } from "@src/service";
import { spawn } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { binPath, runSrc } from "./helpers/run-src";
import { startServe } from "./helpers/start-serve";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { sourceAddArgs } from "./helpers/source-add-args";
import { srcMcpTransport } from "./helpers/src-mcp-transport";

const key = "audit-query-key-7d3c9b1e";
let temp: TempHome;
let upstream: Upstream;
let calls: string;

type AuditLine = CallAuditLine;

const readAudit = async (): Promise<AuditLine[]> =>
  (await readFile(calls, "utf8"))
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as AuditLine);

beforeAll(async () => {
  upstream = await startUpstream({ type: "query", queryParam: "api_key", key });
});
afterAll(() => upstream.close());

// A home per test with the source "audit" and an empty audit log: each test makes the calls it reads.
beforeEach(async () => {
  temp = await createTempHome();
  calls = join(temp.home, "logs", "calls.jsonl");
  const added = await runSrc(
    sourceAddArgs(
      { name: "Audit", slug: "audit", baseUrl: upstream.url },
      "--auth",
      "query",
      "--query-param",
      "api_key",
      "--credential-stdin",
    ),
    { env: temp.env, stdin: key },
  );
  expect(added.code, added.stderr).toBe(0);
});
afterEach(() => temp.cleanup());

/** The calls `src logs` then shows: one that worked, one the API refused (404), one refused before a request. */
async function makeCliCalls(): Promise<void> {
  expect((await runSrc(["call", "audit", "GET", "/items", "-q", "page=2"], { env: temp.env })).code).toBe(0);
  expect((await runSrc(["call", "audit", "GET", "/missing"], { env: temp.env })).code).toBe(1);
  expect((await runSrc(["call", "nosuch", "GET", "/items"], { env: temp.env })).code).not.toBe(0);
}

describe("the audit log of agent calls ($SRC_HOME/logs/calls.jsonl) and src logs", () => {
  it("src call appends one redacted line per call, refusals included", async () => {
    expect((await runSrc(["logs"], { env: temp.env })).stderr).toContain("No agent calls logged yet");
    const called = await runSrc(["call", "audit", "GET", "/items", "-q", "page=2"], { env: temp.env });
    expect(called.code, called.stderr).toBe(0);
    const missing = await runSrc(["call", "audit", "GET", "/missing"], { env: temp.env });
    expect(missing.code).toBe(1);
    const unknown = await runSrc(["call", "nosuch", "GET", "/items"], { env: temp.env });
    expect(unknown.code).not.toBe(0);

    const lines = await readAudit();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      channel: "cli",
      source: "audit",
      method: "GET",
      status: 200,
      ok: true,
      attempts: 1,
      errorCode: null,
    });
    expect(lines[0]!.path).toMatch(/^\/items\?/);
    expect(lines[0]!.path).toContain("page=2");
    expect(lines[0]!.path).toContain("api_key=[REDACTED]");
    expect(typeof lines[0]!.durationMs).toBe("number");
    expect(Number.isNaN(Date.parse(lines[0]!.time))).toBe(false);
    expect(lines[1]).toMatchObject({ channel: "cli", source: "audit", status: 404, ok: false });
    expect(lines[2]).toMatchObject({
      channel: "cli",
      source: "nosuch",
      method: null,
      status: null,
      ok: false,
      errorCode: "UNKNOWN_TOOL",
    });
    expect(((await stat(calls)).mode & 0o777).toString(8)).toBe("600");
    expect(await readFile(calls, "utf8")).not.toContain(key);
  });

  it("src mcp and src serve (its tool route) append the same line with their channel", async () => {
    const transport = srcMcpTransport(temp.env);
    const client = new Client({ name: "audit-test", version: "0.0.0" });
    await client.connect(transport);
    await client.callTool({ name: "api_audit", arguments: { method: "GET", path: "/from-mcp" } });
    await client.close();

    const served = await startServe(temp.env);
    try {
      const token = (await readFile(join(temp.home, "server.token"), "utf8")).trim();
      const response = await fetch(`${served.url}/v1/tools/api_audit/call`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ method: "GET", path: "/from-http" }),
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      // The server appends without delaying the answer: wait for the line.
      await expect.poll(() => readFile(calls, "utf8")).toContain("/from-http");
    } finally {
      await served.stop();
    }
    const lines = await readAudit();
    expect(lines.find((line) => line.path?.startsWith("/from-mcp"))).toMatchObject({
      channel: "mcp-stdio",
      source: "audit",
      method: "GET",
      status: 200,
      attempts: 1,
    });
    expect(lines.find((line) => line.path?.startsWith("/from-http"))).toMatchObject({
      channel: "http",
      source: "audit",
      method: "GET",
      status: 200,
      attempts: 1,
    });
    expect(await readFile(calls, "utf8")).not.toContain(key);
  });

  it("src logs prints every line, --source filters, --json prints JSON lines", async () => {
    await makeCliCalls();
    const all = await runSrc(["logs"], { env: temp.env });
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/cli\s+audit\s+local\s+200\s+\d+ms\s+1\s+GET \/items\?page=2&api_key=\[REDACTED\]/);
    expect(all.stdout).toContain("UNKNOWN_TOOL");
    const json = await runSrc(["logs", "--source", "audit", "--json"], { env: temp.env });
    expect(json.code).toBe(0);
    const parsed = json.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as AuditLine);
    expect(parsed.map((line) => line.path?.split("?")[0])).toEqual(["/items", "/missing"]);
    expect(parsed.every((line) => line.source === "audit")).toBe(true);
    expect(json.stdout + all.stdout).not.toContain(key);
  });

  it("src logs --follow prints calls made after it started, and stops on SIGTERM with exit 0", async () => {
    await makeCliCalls();
    const child = spawn(process.execPath, [binPath, "logs", "--follow", "--json", "--source", "audit"], {
      env: { PATH: process.env.PATH, ...temp.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
    let stdout = "";
    const seen = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`--follow never printed the new call: ${stdout}`)), 20_000);
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        if (stdout.includes("/followed")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    // Wait for the old lines first, so the new call is surely made after the reader started.
    await expect.poll(() => stdout).toContain("/items");
    expect((await runSrc(["call", "audit", "GET", "/followed"], { env: temp.env })).code).toBe(0);
    await seen;
    child.kill("SIGTERM");
    expect(await closed).toBe(0);
    const last = JSON.parse(stdout.trim().split("\n").at(-1)!) as AuditLine;
    expect(last).toMatchObject({ channel: "cli", path: expect.stringMatching(/^\/followed/), status: 200 });
  });
});
