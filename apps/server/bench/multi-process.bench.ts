// The benchmark the server README's figures come from: each hop in a process of its own, on the built packages.
// - the upstream API (upstream-process.mjs): 1 KB of JSON for the right bearer token;
// - the serving process: a minimal node:http pass-through proxy (proxy-process.mjs), `src serve` (POST
//   /v1/tools/api_bench/call), `src mcp` on stdio, and the peer OpenAPI MCP server (@ivotoby/openapi-mcp-server) on
//   stdio, given the upstream's OpenAPI document and the same bearer token;
// - the load generator (load-process.mjs for HTTP, mcp-load-process.mjs with the official MCP SDK client, which starts
//   the MCP server as its child): 16 calls in flight.
// Every target is warmed up, then measured in rounds that alternate their order; each round reads the serving
// process's CPU time from /proc/<pid>/stat (user + system, every thread) before and after, so CPU per call counts that
// process alone. The ratios come last. Not a test: it prints numbers. Run: pnpm --filter @src/server bench, or
// `tsx bench/multi-process.bench.ts` (BENCH_SECONDS per round, BENCH_ROUNDS, BENCH_WARM_UP_SECONDS per target,
// BENCH_ONLY=serve,proxy,mcp,peer to pick targets, plus healthz and source for two lighter routes of `src serve`;
// BENCH_CPU_PROF=DIR to run the serving processes under `node --cpu-prof` and keep their profiles in DIR;
// BENCH_COMPARE_CLI=PATH to measure the `src serve` of another build, the built CLI at PATH, beside this one, with their
// CPU per call compared round by round).
import { execFileSync, fork, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { addBenchSource } from "./bench-source";
import { median } from "./measure-rate";

const secondsPerRound = Number(process.env.BENCH_SECONDS ?? 4);
// `src serve` needs several seconds of load before its CPU per call settles (1 s of warm-up left its first round at
// about twice the later ones); the other targets settle sooner and are warmed up as long.
const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 6);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const concurrency = 16;
const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
const profileDirectory = process.env.BENCH_CPU_PROF;
const profileArgs = profileDirectory === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${profileDirectory}`];
const cliBin = fileURLToPath(new URL("../../cli/dist/bin.js", import.meta.url));
/** Another build's CLI (`BENCH_COMPARE_CLI`), whose `src serve` is measured beside this build's. */
const compareBin = process.env.BENCH_COMPARE_CLI;
if (compareBin !== undefined && !existsSync(compareBin))
  throw new Error(
    `BENCH_COMPARE_CLI: no file at ${compareBin}; build the other checkout (pnpm build) and pass its apps/cli/dist/bin.js`,
  );
const peerBin = join(
  dirname(createRequire(import.meta.url).resolve("@ivotoby/openapi-mcp-server/package.json")),
  "bin",
  "mcp-server.js",
);
const clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU time (every thread) the process has used so far, in µs, from /proc/<pid>/stat: in user space and in the kernel. */
function cpuMicrosOf(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces): state is the 3rd field, utime the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { user: (Number(fields[11]) / clockTicks) * 1e6, system: (Number(fields[12]) / clockTicks) * 1e6 };
}

const nextMessage = <T>(child: ChildProcess): Promise<T> =>
  new Promise((resolve, reject) => {
    const exited = (code: number | null): void =>
      reject(new Error(`a bench process exited (${String(code)}) before answering`));
    child.once("exit", exited);
    child.once("message", (message) => {
      child.off("exit", exited);
      resolve(message as T);
    });
  });

const upstreamToken = randomBytes(16).toString("hex");
const adminToken = randomBytes(16).toString("hex");
const vaultKey = randomBytes(32).toString("base64");
const callBody = JSON.stringify({ method: "GET", path: "/items" });
const home = await mkdtemp(join(tmpdir(), "src-multi-process-bench-"));
const baseEnv = {
  PATH: process.env.PATH ?? "",
  HOME: tmpdir(),
  SRC_HOME: home,
  SRC_VAULT_KEY: vaultKey,
  SRC_SERVER_TOKEN: adminToken,
};
const children: ChildProcess[] = [];
const started = <T extends ChildProcess>(child: T): T => {
  children.push(child);
  return child;
};

const upstream = started(
  fork(new URL("./upstream-process.mjs", import.meta.url), { env: { ...process.env, UPSTREAM_TOKEN: upstreamToken } }),
);
const { port: upstreamPort } = await nextMessage<{ port: number }>(upstream);
const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
const specFile = join(home, "bench-openapi.json");
await writeFile(
  specFile,
  JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Bench", version: "1.0.0" },
    servers: [{ url: upstreamUrl }],
    paths: {
      "/items": {
        get: {
          operationId: "listItems",
          summary: "List the items",
          responses: { "200": { description: "the items" } },
        },
      },
    },
  }),
);

/** One target: how to measure a round of it, and what it costs. */
interface Target {
  readonly name: string;
  readonly key: string;
  /** The serving process's pid. */
  readonly pid: number;
  /** Runs the load for `milliseconds`. */
  run(milliseconds: number): Promise<{ done: number; failed: number }>;
}

async function httpLoad(url: string, method: "GET" | "POST" = "POST"): Promise<ChildProcess> {
  const load = started(
    fork(new URL("./load-process.mjs", import.meta.url), {
      env: {
        ...process.env,
        LOAD: JSON.stringify({
          url,
          method,
          body: callBody,
          headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
          concurrency,
        }),
      },
    }),
  );
  await nextMessage(load);
  return load;
}

const runOn = (load: ChildProcess) => async (milliseconds: number) => {
  const answer = nextMessage<{ done: number; failed: number }>(load);
  load.send({ milliseconds });
  return answer;
};

async function proxyTarget(): Promise<Target> {
  const proxy = started(
    fork(new URL("./proxy-process.mjs", import.meta.url), {
      env: { ...process.env, UPSTREAM_PORT: String(upstreamPort), UPSTREAM_TOKEN: upstreamToken },
      execArgv: profileArgs,
    }),
  );
  const { port } = await nextMessage<{ port: number }>(proxy);
  const load = await httpLoad(`http://127.0.0.1:${port}/items`);
  return { name: "node:http pass-through proxy", key: "proxy", pid: proxy.pid ?? 0, run: runOn(load) };
}

/** `src serve` of this build, or of the build at `BENCH_COMPARE_CLI` (`compared`, in a home of its own). */
async function serveTarget({ compared = false } = {}): Promise<Target> {
  const bin = compared && compareBin !== undefined ? compareBin : cliBin;
  const serve = started(
    spawn(process.execPath, [...profileArgs, bin, "--json", "serve", "--port", "0"], {
      env: compared ? { ...baseEnv, SRC_HOME: join(home, "compared") } : baseEnv,
      stdio: ["ignore", "pipe", "ignore"],
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    serve.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /"url":\s*"([^"]+)"/.exec(stdout);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    serve.once("exit", () => reject(new Error("src serve exited before listening")));
  });
  await addBenchSource(url, { adminToken, upstreamUrl, upstreamToken });
  const load = await httpLoad(`${url}/v1/tools/api_bench/call`);
  if (compared)
    return { name: "src serve of BENCH_COMPARE_CLI", key: "compared", pid: serve.pid ?? 0, run: runOn(load) };
  // Two lighter routes of the same process, to tell the cost of the HTTP side from the call's own (only when named).
  if (only?.includes("healthz") === true)
    servedRoutes.push({
      name: "src serve GET /healthz (no token)",
      key: "healthz",
      pid: serve.pid ?? 0,
      run: runOn(await httpLoad(`${url}/healthz`, "GET")),
    });
  if (only?.includes("source") === true)
    servedRoutes.push({
      name: "src serve GET /v1/sources/{slug}",
      key: "source",
      pid: serve.pid ?? 0,
      run: runOn(await httpLoad(`${url}/v1/sources/bench`, "GET")),
    });
  return { name: "src serve (POST /v1/tools/{name}/call)", key: "serve", pid: serve.pid ?? 0, run: runOn(load) };
}

async function mcpTarget(
  key: string,
  name: string,
  server: { command: string; args: string[]; env: Record<string, string> },
  tool: string | undefined,
  args: Record<string, unknown>,
): Promise<Target> {
  const load = started(
    fork(new URL("./mcp-load-process.mjs", import.meta.url), {
      env: { ...process.env, MCP_LOAD: JSON.stringify({ server, tool, args, concurrency }) },
    }),
  );
  const { pid } = await nextMessage<{ pid: number }>(load);
  return { name, key, pid, run: runOn(load) };
}

/** The lighter routes of `src serve` measured beside the tool call (`BENCH_ONLY=…,healthz,source`). */
const servedRoutes: Target[] = [];
const wanted = (key: string): boolean => only === undefined || only.includes(key);
const targets: Target[] = [];
if (wanted("proxy")) targets.push(await proxyTarget());
// src serve creates the source the other src target (src mcp, same home) calls.
if (wanted("serve") || wanted("mcp") || wanted("healthz") || wanted("source")) {
  const serve = await serveTarget();
  if (wanted("serve")) targets.push(serve);
  if (wanted("serve") && compareBin !== undefined) targets.push(await serveTarget({ compared: true }));
  targets.push(...servedRoutes);
}
if (wanted("mcp"))
  targets.push(
    await mcpTarget(
      "mcp",
      "src mcp (stdio, tools/call api_bench)",
      { command: process.execPath, args: [...profileArgs, cliBin, "mcp"], env: baseEnv },
      "api_bench",
      { method: "GET", path: "/items" },
    ),
  );
if (wanted("peer")) {
  const peerArgs = [
    ...profileArgs,
    peerBin,
    "--transport",
    "stdio",
    "--api-base-url",
    upstreamUrl,
    "--openapi-spec",
    specFile,
    "--headers",
    `Authorization:Bearer ${upstreamToken}`,
  ];
  targets.push(
    await mcpTarget(
      "peer",
      "@ivotoby/openapi-mcp-server (stdio)",
      { command: process.execPath, args: peerArgs, env: { PATH: process.env.PATH ?? "", HOME: tmpdir() } },
      undefined,
      {},
    ),
  );
}

console.log(
  `multi-process bench: upstream, serving process and ${concurrency} agents each in a process of their own; ${warmUpSeconds} s of warm-up each, then ${rounds} rounds of ${secondsPerRound} s, alternating order`,
);
for (const target of targets) await target.run(warmUpSeconds * 1000);
const measured = new Map<string, { rates: number[]; cpu: number[]; systemShares: number[]; failed: number }>(
  targets.map((target) => [target.key, { rates: [], cpu: [], systemShares: [], failed: 0 }]),
);
for (let round = 0; round < rounds; round += 1) {
  for (const target of round % 2 === 1 ? [...targets].reverse() : targets) {
    const before = cpuMicrosOf(target.pid);
    const { done, failed } = await target.run(secondsPerRound * 1000);
    const after = cpuMicrosOf(target.pid);
    const used = after.user + after.system - before.user - before.system;
    const entry = measured.get(target.key);
    entry?.rates.push(done / secondsPerRound);
    entry?.cpu.push(used / Math.max(done, 1));
    entry?.systemShares.push((after.system - before.system) / Math.max(used, 1));
    if (entry !== undefined) entry.failed += failed;
  }
}

const result = new Map<string, { rate: number; cpu: number }>();
for (const target of targets) {
  const entry = measured.get(target.key);
  if (entry === undefined) continue;
  const rate = median(entry.rates);
  const cpu = median(entry.cpu);
  const systemShare = median(entry.systemShares);
  result.set(target.key, { rate, cpu });
  console.log(
    `${target.name.padEnd(44)} ${rate.toFixed(0).padStart(6)} calls/s ${cpu.toFixed(0).padStart(5)} µs CPU per call (${(systemShare * 100).toFixed(0)} % in the kernel)   (rounds: ${entry.rates.map((value) => value.toFixed(0)).join(", ")} calls/s; ${entry.cpu.map((value) => value.toFixed(0)).join(", ")} µs)${entry.failed > 0 ? `  ${entry.failed} failed` : ""}`,
  );
}

const ratio = (a: string, b: string, what: "rate" | "cpu"): number | undefined => {
  const left = result.get(a)?.[what];
  const right = result.get(b)?.[what];
  return left === undefined || right === undefined ? undefined : left / right;
};
/** The ratio of `a` to `b` in each round (the two ran back to back in it), for how far the machine's drift moves it. */
const byRound = (a: string, b: string, what: "rate" | "cpu"): string => {
  const field = what === "rate" ? "rates" : "cpu";
  const left = measured.get(a)?.[field];
  const right = measured.get(b)?.[field];
  if (left === undefined || right === undefined) return "";
  return `by round ${left.map((value, round) => (value / (right[round] ?? Number.NaN)).toFixed(2)).join(", ")}`;
};
const verdict = (a: string, b: string, what: "rate" | "cpu", target: string, met: (value: number) => boolean) => {
  const value = ratio(a, b, what);
  return value === undefined
    ? "not measured"
    : `${value.toFixed(2)} (target ${target}: ${met(value) ? "met" : "NOT met"}; ${byRound(a, b, what)})`;
};
console.log("ratios (of the medians):");
console.log(`  src serve / proxy, calls per second: ${verdict("serve", "proxy", "rate", ">= 0.8", (v) => v >= 0.8)}`);
console.log(`  src serve / proxy, CPU per call:     ${verdict("serve", "proxy", "cpu", "<= 2", (v) => v <= 2)}`);
console.log(`  src mcp / peer, calls per second:    ${verdict("mcp", "peer", "rate", ">= 1.1", (v) => v >= 1.1)}`);
const mcpCpu = ratio("mcp", "peer", "cpu");
const mcpCpuLine = mcpCpu === undefined ? "not measured" : `${mcpCpu.toFixed(2)} (${byRound("mcp", "peer", "cpu")})`;
console.log(`  src mcp / peer, CPU per call:        ${mcpCpuLine}`);
const comparedCpu = measured.get("compared")?.cpu;
const serveCpu = measured.get("serve")?.cpu;
if (comparedCpu !== undefined && serveCpu !== undefined && rounds > 1) {
  // Paired by round (each pair ran back to back), the first round left out: the machine's speed drifts between rounds
  // far more than between two neighbours, and each serving process's first round is its slowest.
  const paired = comparedCpu
    .map((cpu, round) => cpu / (serveCpu[round] ?? Number.NaN))
    .slice(1)
    .sort((a, b) => a - b);
  const at = (share: number): string => (paired[Math.floor(share * (paired.length - 1))] ?? Number.NaN).toFixed(2);
  console.log(
    `  BENCH_COMPARE_CLI's serve / this serve, CPU per call paired by round: ${at(0.5)} (quartiles ${at(0.25)} to ${at(0.75)}; ${paired.length} rounds)`,
  );
}

for (const child of children.reverse()) {
  if (child.connected) child.disconnect();
  child.kill("SIGTERM");
}
await Promise.all(
  children
    .filter((child) => child.exitCode === null && child.signalCode === null)
    .map((child) => new Promise((resolve) => child.once("exit", resolve))),
);
await rm(home, { recursive: true, force: true });
