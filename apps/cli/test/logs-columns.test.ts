import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binPath, runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

// `src logs` prints aligned columns under a header, also for the rows `--follow` prints later.

const token = "logs-columns-token-2d7f4b9e1a";
let temp: TempHome;
let api: Upstream;
const src = (args: string[]) => runSrc(args, { env: temp.env });

/** Checks that every row has its columns where the header has them: left-aligned ones start there, right-aligned ones end there. */
function expectAligned(header: string, rows: readonly string[]): void {
  const leftAligned = ["time", "channel", "source", "principal", "error", "request"];
  const rightAligned = ["status", "duration", "attempts"];
  for (const row of rows) {
    for (const name of leftAligned) {
      const start = header.indexOf(name);
      expect(row.slice(start - 2, start), `${name} in ${JSON.stringify(row)}`).toMatch(/^( {2}|)$/);
      // An empty error column is blank; every other cell starts exactly under its header.
      if (!(name === "error" && row[start] === " "))
        expect(row[start], `${name} in ${JSON.stringify(row)}`).toMatch(/\S/);
    }
    for (const name of rightAligned) {
      const end = header.indexOf(name) + name.length;
      expect(row[end - 1], `${name} in ${JSON.stringify(row)}`).toMatch(/\S/);
      expect(row.slice(end, end + 2), `${name} in ${JSON.stringify(row)}`).toBe("  ");
    }
  }
}

beforeAll(async () => {
  temp = await createTempHome();
  api = await startUpstream({ type: "bearer", token });
  for (const slug of ["a", "a-much-longer-slug"]) {
    const added = await runSrc(sourceAddArgs({ name: slug, slug, baseUrl: api.url }, ...bearerFromStdin), {
      env: temp.env,
      stdin: token,
    });
    expect(added.code, added.stderr).toBe(0);
  }
  expect((await src(["call", "a", "GET", "/items", "-q", "page=2"])).code).toBe(0);
  expect((await src(["call", "a-much-longer-slug", "GET", "/missing"])).code).toBe(1);
  expect((await src(["call", "nosuch", "GET", "/items"])).code).toBe(2);
});
afterAll(async () => {
  await api.close();
  await temp.cleanup();
});

describe("src logs columns", { timeout: 60_000 }, () => {
  it("keeps a row on one line when the agent's tool name holds a line feed or a tab (shown escaped)", async () => {
    expect((await src(["call", "nosuch\nFAKE ROW\tx", "GET", "/items"])).code).toBe(2);
    const result = await src(["logs"]);
    const rows = result.stdout.trimEnd().split("\n");
    expect(rows.some((row) => row.startsWith("FAKE"))).toBe(false);
    // The source column is cut to its width; the line feed in it is shown as \x0a.
    expect(rows.at(-1)).toMatch(/ {2}nosuch\\x0aFAKE R\S* {2,}local {2,}- {2,}\d+ms {2,}0 {2}UNKNOWN_TOOL /);
  });

  it("line up under a header: time, channel, source, principal, status, duration, attempts, error, request", async () => {
    const result = await src(["logs"]);
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split("\n");
    expect(header).toMatch(
      /^time {2,}channel {2,}source {2,}principal {2,}status {2,}duration {2,}attempts {2}error {2,}request$/,
    );
    // The three calls made first (a later test adds its own).
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows[0]).toMatch(/ {2}cli {2,}a {2,}local {2,}200 {2,}\d+ms {2,}1 {2,}GET \/items\?page=2$/);
    expect(rows[1]).toMatch(/ {2}a-much-longer-slug {2,}local {2,}404 {2,}\d+ms {2,}1 {2,}GET \/missing$/);
    expect(rows[2]).toMatch(
      / {2}nosuch {2,}local {2,}- {2,}\d+ms {2,}0 {2}UNKNOWN_TOOL {2,}\(refused before a request\)$/,
    );
    expectAligned(header!, rows);
  });

  it("rows --follow prints later line up with its header", async () => {
    const path = `/followed-${randomUUID()}`;
    const child = spawn(process.execPath, [binPath, "logs", "--follow", "--source", "a"], {
      env: { PATH: process.env.PATH, ...temp.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    try {
      await expect.poll(() => stdout, { timeout: 20_000 }).toContain("GET /items?page=2");
      expect((await src(["call", "a", "POST", path, "--body", "{}"])).code).toBe(0);
      await expect.poll(() => stdout, { timeout: 20_000 }).toContain(`POST ${path}`);
    } finally {
      child.kill("SIGTERM");
    }
    expect(await closed).toBe(0);
    const [header, ...rows] = stdout.trimEnd().split("\n");
    expect(rows.at(-1)).toContain(`POST ${path}`);
    expectAligned(header!, rows);
  });
});
