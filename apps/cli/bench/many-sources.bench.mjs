// Many sources in one home: how `src` grows with 100, 1,000 and 10,000 sources.
// Not a test (the machine may be busy): it prints, for each size, the median wall
// time and CPU time of the built CLI's `--json source list` and `--json tools`,
// `src mcp` answering its first tools/list and every page of it, `src serve` ready
// and its first and a warm GET /v1/tools, one source's reload (CLI and server), and
// peak RSS. Targets at 10,000 sources: list < 1 s, tools < 1.5 s, mcp < 2 s (first
// page) and < 1 s (every page, from spawn), serve < 2 s, reload flat, peak RSS < 300 MB.
// SIZES=100,1000 and RUNS=3 change what is measured.
import { spawn } from "node:child_process";
import { readFileSync, rmSync, mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { createSourceService } from "@src/service";
import { benchSlugOf, createBenchVaultKey, writeManySourcesHome } from "./many-sources-home.mjs";
import { cpuOf } from "./proc-stats.mjs";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const peakRssReporter = fileURLToPath(new URL("./report-peak-rss.mjs", import.meta.url));
const sizes = (process.env.SIZES ?? "100,1000,10000").split(",").map(Number);
const runs = Number(process.env.RUNS ?? 3);
const serverToken = "bench-server-token-0123456789abcdef";

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** An upstream every source points at, so `source reload` validates against a real 200. */
async function startUpstream() {
  const server = createServer((request, response) => {
    request.resume();
    response.setHeader("content-type", "application/json");
    response.end('{"ok":true}');
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, baseUrl: `http://127.0.0.1:${server.address().port}/v1` };
}

/** Runs the CLI once; returns wall ms, CPU ms and peak RSS bytes (reported by the child itself). Asynchronous: the upstream lives in this process. */
async function runCli(args, env) {
  const rssFile = join(env.SRC_HOME, ".bench-rss.json");
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, ["--import", peakRssReporter, bin, ...args], {
    env: { ...env, BENCH_PEAK_RSS_FILE: rssFile },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const status = await new Promise((resolve) => child.once("exit", resolve));
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (status !== 0) throw new Error(`src ${args.join(" ")} exited ${status}: ${stderr}`);
  const usage = JSON.parse(readFileSync(rssFile, "utf8"));
  return { wall, cpu: usage.cpuMs, rss: usage.maxRssBytes };
}

async function measureCli(args, env) {
  const samples = [];
  for (let run = 0; run < runs; run += 1) samples.push(await runCli(args, env));
  return {
    wall: median(samples.map((sample) => sample.wall)),
    cpu: median(samples.map((sample) => sample.cpu)),
    rss: Math.max(...samples.map((sample) => sample.rss)),
  };
}

/** Peak RSS of a running child (Linux: VmHWM), or undefined elsewhere. */
function peakRssOf(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match === null ? undefined : Number(match[1]) * 1024;
  } catch {
    return undefined;
  }
}

const cpuText = (ms) => (ms === undefined ? "" : ` (${ms.toFixed(0)})`);

/** `src mcp`: time from spawn to the answer of the first tools/list (its first page), and to the last of its pages (every tool listed). */
async function measureMcp(env, count) {
  const samples = [];
  for (let run = 0; run < runs; run += 1) {
    const start = process.hrtime.bigint();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, "mcp"],
      env,
      stderr: "ignore",
    });
    const client = new Client({ name: "bench", version: "0.0.0" });
    await client.connect(transport);
    let answer = await client.listTools();
    const wall = Number(process.hrtime.bigint() - start) / 1e6;
    const cpu = cpuOf(transport.pid);
    let listed = answer.tools.length;
    while (answer.nextCursor !== undefined) {
      answer = await client.listTools({ cursor: answer.nextCursor });
      listed += answer.tools.length;
    }
    const everyPage = Number(process.hrtime.bigint() - start) / 1e6;
    if (listed !== count) throw new Error(`src mcp listed ${listed} tools, expected ${count}`);
    const rss = peakRssOf(transport.pid);
    await client.close();
    samples.push({ wall, everyPage, cpu, rss });
  }
  const cpus = samples.map((sample) => sample.cpu).filter((cpu) => cpu !== undefined);
  return {
    wall: median(samples.map((sample) => sample.wall)),
    everyPage: median(samples.map((sample) => sample.everyPage)),
    cpu: cpus.length === 0 ? undefined : median(cpus),
    rss: Math.max(...samples.map((sample) => sample.rss ?? 0)),
  };
}

/** `src serve`: ready (the listening line), first and warm GET /v1/tools, and a changed source seen. */
async function measureServe(env, count) {
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, [bin, "--json", "serve", "--port", "0"], {
    env,
    stdio: ["ignore", "pipe", "ignore"],
  });
  let output = "";
  const url = await new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`src serve exited ${code}`)));
    child.stdout.on("data", (chunk) => {
      output += chunk;
      try {
        resolve(JSON.parse(output).url);
      } catch {
        // Not the whole line yet.
      }
    });
  });
  const ready = Number(process.hrtime.bigint() - start) / 1e6;
  const readyCpu = cpuOf(child.pid);
  const headers = { authorization: `Bearer ${serverToken}` };
  const listTools = async () => {
    const begin = process.hrtime.bigint();
    const response = await fetch(`${url}/v1/tools`, { headers });
    const body = await response.json();
    if (response.status !== 200) throw new Error(`GET /v1/tools answered ${response.status}`);
    return { tools: body.tools, ms: Number(process.hrtime.bigint() - begin) / 1e6 };
  };
  const first = await listTools();
  if (first.tools.length !== count) throw new Error(`the server listed ${first.tools.length} tools, expected ${count}`);
  const firstCpu = cpuOf(child.pid);
  const warm = median(
    await Promise.all(Array.from({ length: runs }, async () => (await listTools()).ms)).then((times) => times),
  );
  // One source changed by another process: how long until the server's listing shows it.
  const service = createSourceService({ home: env.SRC_HOME, env, registry: createDefaultAuthRegistry() });
  const slug = benchSlugOf(Math.floor(count / 2));
  const name = `Renamed ${Date.now()}`;
  const changedAt = process.hrtime.bigint();
  await service.updateSource(slug, { name });
  let seen;
  for (;;) {
    const { tools } = await listTools();
    if (tools.some((tool) => tool.source === slug && tool.sourceName === name)) {
      seen = Number(process.hrtime.bigint() - changedAt) / 1e6;
      break;
    }
    if (Number(process.hrtime.bigint() - changedAt) / 1e6 > 10_000)
      throw new Error("the server did not show the changed source within 10 s");
  }
  const rss = peakRssOf(child.pid);
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  return { ready, readyCpu, first: first.ms, firstCpu, warm, seen, rss };
}

const { server: upstream, baseUrl } = await startUpstream();
console.log(
  `many sources: median of ${runs} runs; wall ms (CPU ms of the process since it started); load average ${(await import("node:os")).loadavg()[0].toFixed(1)}`,
);
const rows = [];
try {
  for (const count of sizes) {
    const home = mkdtempSync(join(tmpdir(), `src-bench-${count}-`));
    try {
      const env = {
        ...process.env,
        SRC_HOME: home,
        SRC_VAULT_KEY: createBenchVaultKey(),
        SRC_SERVER_TOKEN: serverToken,
      };
      delete env.SRC_AUTH_PLUGINS;
      await writeManySourcesHome({ home, env, count, credentials: Math.min(count, 100), baseUrl });
      await runCli(["--json", "source", "list"], env); // warm the page cache
      const list = await measureCli(["--json", "source", "list"], env);
      const tools = await measureCli(["--json", "tools"], env);
      const reload = await measureCli(["--json", "source", "reload", benchSlugOf(1)], env);
      const mcp = await measureMcp(env, count);
      const serve = await measureServe(env, count);
      const row = { count, list, tools, reload, mcp, serve };
      rows.push(row);
      const cli = (result) => `${result.wall.toFixed(0)} ms (${result.cpu.toFixed(0)})`;
      console.log(
        [
          `${String(count).padStart(6)} sources:`,
          `source list ${cli(list)}`,
          `tools ${cli(tools)}`,
          `reload ${cli(reload)}`,
          `mcp first tools/list ${mcp.wall.toFixed(0)} ms${cpuText(mcp.cpu)}, every page ${mcp.everyPage.toFixed(0)} ms`,
          `serve ready ${serve.ready.toFixed(0)} ms${cpuText(serve.readyCpu)}, first /v1/tools ${serve.first.toFixed(0)} ms (CPU ${serve.firstCpu === undefined ? "n/a" : `${serve.firstCpu.toFixed(0)} ms`} since start), warm ${serve.warm.toFixed(0)} ms, a change seen after ${serve.seen.toFixed(0)} ms`,
          `peak RSS: list ${megabytes(list.rss)}, tools ${megabytes(tools.rss)}, mcp ${megabytes(mcp.rss)}, serve ${serve.rss === undefined ? "n/a" : megabytes(serve.rss)}`,
        ].join("\n    "),
      );
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }
} finally {
  upstream.close();
}

const largest = rows.at(-1);
if (largest?.count >= 10_000) {
  const checks = [
    ["source list < 1000 ms", largest.list.wall < 1000],
    ["tools < 1500 ms", largest.tools.wall < 1500],
    ["mcp first tools/list < 2000 ms", largest.mcp.wall < 2000],
    ["mcp every page of tools/list < 1000 ms", largest.mcp.everyPage < 1000],
    ["serve ready < 2000 ms", largest.serve.ready < 2000],
    ["reload within 2x of the smallest home", largest.reload.wall < 2 * rows[0].reload.wall],
    [
      "peak RSS < 300 MB",
      Math.max(largest.list.rss, largest.tools.rss, largest.mcp.rss, largest.serve.rss ?? 0) < 300 * 1024 * 1024,
    ],
  ];
  console.log(
    `targets at ${largest.count} sources: ${checks.map(([name, met]) => `${met ? "met" : "MISSED"}: ${name}`).join("; ")}`,
  );
}
