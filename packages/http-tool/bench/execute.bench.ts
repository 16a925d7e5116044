// Benchmark (not a test): calls per second and latency of executeRequest (full
// path: buildRequest + executeRequest) against bare fetch, on a local upstream
// serving 1 KB of JSON, 16 calls in flight. Target: ratio >= 0.85. Bare node:http
// (the executor's default transport) is printed too.
import { Agent, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { authMode } from "../test/auth-modes";
import { makeSource } from "../test/source-fixture";
import { buildRequest } from "../src/request/build-request";
import { createHopAuthorizer } from "../src/request/create-hop-authorizer";
import { executeRequest } from "../src/execution/execute-request";

const concurrency = 16;
const requestsPerRun = Number(process.env.BENCH_REQUESTS ?? 4000);
const payload = JSON.stringify({
  items: Array.from({ length: 12 }, (_, index) => ({ id: index, name: `item-${index}`, tags: ["a", "b"], ok: true })),
}).padEnd(1024, " ");

const server = createServer((_request, response) => {
  response.writeHead(200, {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(payload)),
    "x-request-id": "bench",
  });
  response.end(payload);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const mode = authMode("bearer");
const source = makeSource(`${origin}/v1`, { authType: mode.name, ...mode.api });

const authorizeHop = createHopAuthorizer({ plugin: mode.plugin, config: source.api, credential: mode.credential });

async function viaExecutor(): Promise<void> {
  const request = await buildRequest({
    source,
    call: { method: "GET", path: "/items", query: { limit: 10 } },
    credential: mode.credential,
    plugin: mode.plugin,
  });
  const result = await executeRequest(request, { source, authorizeHop });
  if (!result.ok) throw new Error(`unexpected result ${result.status}`);
}

async function viaFetch(): Promise<void> {
  const response = await fetch(`${origin}/v1/items?limit=10`, {
    headers: { authorization: `Bearer ${String(mode.credential.token)}`, accept: "application/json" },
  });
  JSON.parse(await response.text());
}

// The executor's own transport, bare: shows what the executor itself adds on top of node:http.
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function viaNodeHttp(): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${origin}/v1/items?limit=10`,
      { agent, headers: { authorization: `Bearer ${String(mode.credential.token)}`, accept: "application/json" } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => resolve(void JSON.parse(Buffer.concat(chunks).toString("utf8"))));
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

async function run(call: () => Promise<void>, total: number): Promise<{ perSecond: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < total) {
      next += 1;
      const start = performance.now();
      await call();
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((left, right) => left - right);
  const at = (quantile: number): number =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * quantile))] ?? 0;
  return { perSecond: total / elapsed, p50: at(0.5), p99: at(0.99) };
}

const format = (name: string, stats: { perSecond: number; p50: number; p99: number }): string =>
  `${name.padEnd(16)} ${stats.perSecond.toFixed(0).padStart(7)} calls/s   p50 ${stats.p50.toFixed(2).padStart(6)} ms   p99 ${stats.p99.toFixed(2).padStart(6)} ms`;

// Warm up both paths, then alternate runs so both see the same machine state.
await run(viaFetch, 500);
await run(viaExecutor, 500);
await run(viaNodeHttp, 500);
const fetchRuns = [];
const executorRuns = [];
const nodeHttpRuns = [];
for (let round = 0; round < 2; round += 1) {
  fetchRuns.push(await run(viaFetch, requestsPerRun / 2));
  executorRuns.push(await run(viaExecutor, requestsPerRun / 2));
  nodeHttpRuns.push(await run(viaNodeHttp, requestsPerRun / 2));
}
const merge = (runs: { perSecond: number; p50: number; p99: number }[]) => ({
  perSecond: runs.reduce((sum, stats) => sum + stats.perSecond, 0) / runs.length,
  p50: Math.max(...runs.map((stats) => stats.p50)),
  p99: Math.max(...runs.map((stats) => stats.p99)),
});
const bare = merge(fetchRuns);
const executor = merge(executorRuns);
const nodeHttp = merge(nodeHttpRuns);
console.log(
  `@src/http-tool execute benchmark: ${requestsPerRun} calls each, concurrency ${concurrency}, 1 KB JSON on ${origin}`,
);
console.log(format("bare fetch", bare));
console.log(format("bare node:http", nodeHttp));
console.log(format("executeRequest", executor));
console.log(
  `ratio ${(executor.perSecond / bare.perSecond).toFixed(2)} of bare fetch (target >= 0.85); ${(executor.perSecond / nodeHttp.perSecond).toFixed(2)} of bare node:http`,
);
server.close();
agent.destroy();
