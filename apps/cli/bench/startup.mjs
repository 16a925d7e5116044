// Start-up of the built CLI, side by side with a bare `node -e 0` in the same rounds: whole-process wall time of
// `src --help`, `src --version`, `src --json source list` with 10 sources, and `src mcp` from spawn to the answer of
// its first tools/list (official MCP SDK client). Each round runs every case once, in turn, so a busy machine slows
// them alike; the medians are printed with their ratio to `node -e 0`, and the CPU time the process used (Linux).
// Not a test (the machine may be busy): run it alone on an idle machine. RUNS=20 (default) changes the rounds.
// Targets: help and version < 100 ms and at most 1.3 times `node -e 0`; mcp's first tools/list < 250 ms.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createBenchVaultKey, writeManySourcesHome } from "./many-sources-home.mjs";
import { childrenCpu, cpuOf } from "./proc-stats.mjs";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const runs = Number(process.env.RUNS ?? 20);
const sourceCount = 10;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const elapsedMs = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** Runs a command to its end; returns wall ms and CPU ms. */
function runProcess(args, env) {
  const cpuBefore = childrenCpu();
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { env, stdio: ["ignore", "ignore", "pipe"] });
  const wall = elapsedMs(start);
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  const cpuAfter = childrenCpu();
  return { wall, cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
}

/** `src mcp`: wall ms from spawn to the answer of the first tools/list, and the CPU ms the server used until then. */
async function runMcp(env) {
  const start = process.hrtime.bigint();
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, "mcp"], env, stderr: "ignore" });
  const client = new Client({ name: "startup-bench", version: "0.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const wall = elapsedMs(start);
  const cpu = cpuOf(transport.pid);
  await client.close();
  if (tools.length !== sourceCount) throw new Error(`src mcp listed ${tools.length} tools, expected ${sourceCount}`);
  return { wall, cpu };
}

const home = mkdtempSync(join(tmpdir(), "src-bench-startup-"));
const env = { ...process.env, SRC_HOME: home, SRC_VAULT_KEY: createBenchVaultKey() };
delete env.SRC_AUTH_PLUGINS;
delete env.SRC_SERVER;
delete env.SRC_STORE;
const cases = [
  { name: "node -e 0", run: () => runProcess(["-e", "0"], env) },
  { name: "src --help", run: () => runProcess([bin, "--help"], env) },
  { name: "src --version", run: () => runProcess([bin, "--version"], env) },
  { name: `src source list (${sourceCount} sources)`, run: () => runProcess([bin, "--json", "source", "list"], env) },
  { name: `src mcp, first tools/list (${sourceCount} sources)`, run: () => runMcp(env) },
];
const samples = new Map(cases.map(({ name }) => [name, []]));
try {
  await writeManySourcesHome({ home, env, count: sourceCount, credentials: sourceCount });
  for (const { run } of cases) await run(); // warm the page cache (and Node's compile cache where it has one)
  for (let round = 0; round < runs; round += 1) {
    for (const { name, run } of cases) samples.get(name).push(await run());
  }
} finally {
  rmSync(home, { recursive: true, force: true });
}

const summary = new Map(
  [...samples].map(([name, results]) => {
    const cpus = results.map((result) => result.cpu).filter((cpu) => cpu !== undefined);
    return [
      name,
      { wall: median(results.map((result) => result.wall)), cpu: cpus.length === 0 ? undefined : median(cpus) },
    ];
  }),
);
const node = summary.get("node -e 0").wall;
console.log(
  `start-up: median of ${runs} rounds, wall ms (CPU ms of the process) and the ratio to node -e 0; Node ${process.version}, load average ${loadavg()[0].toFixed(1)}`,
);
for (const [name, { wall, cpu }] of summary) {
  console.log(
    `  ${name.padEnd(42)} ${wall.toFixed(0).padStart(5)} ms${cpu === undefined ? "" : ` (${cpu.toFixed(0)})`}  ${(wall / node).toFixed(2)}x`,
  );
}
const wallOf = (name) => summary.get(name).wall;
const checks = [
  ["src --help < 100 ms", wallOf("src --help") < 100],
  ["src --help <= 1.3x node -e 0", wallOf("src --help") <= 1.3 * node],
  ["src --version < 100 ms", wallOf("src --version") < 100],
  ["src --version <= 1.3x node -e 0", wallOf("src --version") <= 1.3 * node],
  [`src mcp first tools/list < 250 ms`, wallOf(`src mcp, first tools/list (${sourceCount} sources)`) < 250],
];
console.log(`targets: ${checks.map(([name, met]) => `${met ? "met" : "MISSED"}: ${name}`).join("; ")}`);
