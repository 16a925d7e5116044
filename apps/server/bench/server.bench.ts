// Tool calls per second through POST /v1/tools/{name}/call against a local 1 KB
// JSON upstream, side by side with a minimal node:http pass-through proxy to the
// same upstream (the floor for one extra hop), measured with a bare GET (the target's
// ratio) and with the agent call's own POST + JSON body. Not a test: it prints numbers.
// Run: pnpm --filter @src/server bench   (about 15 s)
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as httpRequest, Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { createServerLogger } from "../src/create-server-logger";
import { startServer } from "../src/start-server";

const secondsPerRun = 4;
const concurrency = 16;
const upstreamToken = randomBytes(16).toString("hex");
const payload = JSON.stringify({ items: Array.from({ length: 12 }, (_, index) => ({ id: index, name: `item-${index}`, note: "x".repeat(47) })) });

const upstream = createServer((incoming, outgoing) => {
  incoming.resume();
  outgoing.writeHead(incoming.headers.authorization === `Bearer ${upstreamToken}` ? 200 : 401, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
  outgoing.end(payload);
});
await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
const upstreamPort = (upstream.address() as AddressInfo).port;

const proxyAgent = new Agent({ keepAlive: true, maxSockets: concurrency });
// Forwards the request's method and body as they came (a GET has none), with the upstream credential.
const proxy = createServer((incoming, outgoing) => {
  const bodyHeaders = incoming.headers["content-length"] === undefined ? {} : { "content-type": incoming.headers["content-type"] ?? "", "content-length": incoming.headers["content-length"] };
  const forward = httpRequest(
    { host: "127.0.0.1", port: upstreamPort, method: incoming.method, path: "/items", agent: proxyAgent, headers: { authorization: `Bearer ${upstreamToken}`, ...bodyHeaders } },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  incoming.pipe(forward);
});
await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/items`;

const home = await mkdtemp(join(tmpdir(), "src-server-bench-"));
const adminToken = randomBytes(16).toString("hex");
const env = { SRC_HOME: home, SRC_VAULT_KEY: randomBytes(32).toString("base64"), SRC_SERVER_TOKEN: adminToken };
const quiet = new Writable({ write: (_chunk, _encoding, callback) => callback() });
const server = await startServer({ home, env, port: 0, logger: createServerLogger({ destination: quiet }), limits: { maxConcurrentCallsPerSource: 64, maxQueuedCallsPerSource: 1024 } });
const headers = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
const created = await fetch(`${server.url}/v1/sources`, {
  method: "POST",
  headers,
  body: JSON.stringify({ config: { type: "api", name: "Bench", slug: "bench", enabled: true, api: { baseUrl: `http://127.0.0.1:${upstreamPort}`, authType: "bearer", testEndpoint: "/items" } }, credential: { token: upstreamToken } }),
});
if (created.status !== 201) throw new Error(`could not create the bench source: ${created.status} ${await created.text()}`);
const callUrl = `${server.url}/v1/tools/api_bench/call`;
const callBody = JSON.stringify({ method: "GET", path: "/items" });

async function measure(name: string, once: () => Promise<boolean>): Promise<number> {
  for (let index = 0; index < 200; index += 1) await once();
  let done = 0;
  let failed = 0;
  const deadline = performance.now() + secondsPerRun * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (await once()) done += 1;
        else failed += 1;
      }
    }),
  );
  const rate = done / secondsPerRun;
  console.log(`${name.padEnd(34)} ${rate.toFixed(0).padStart(7)} calls/s${failed > 0 ? `  (${failed} failed)` : ""}`);
  return rate;
}

console.log(`src-server benchmark: ${concurrency} concurrent clients, ${secondsPerRun} s per run, ${Buffer.byteLength(payload)} B JSON upstream`);
// BENCH_ONLY=server skips the proxy run (for profiling the server alone).
const only = process.env.BENCH_ONLY;
const proxied = only === "server" ? Number.NaN : await measure("node:http pass-through proxy", async () => {
  const answer = await fetch(proxyUrl);
  await answer.arrayBuffer();
  return answer.status === 200;
});
// The same request as the agent call (POST, JSON body, JSON read back) through the same proxy:
// the client's share of a POST is not the server's, so this ratio is printed beside the target's.
const proxiedPost = only === "server" ? Number.NaN : await measure("  same, agent's POST + JSON body", async () => {
  const answer = await fetch(proxyUrl, { method: "POST", headers, body: callBody });
  await answer.json();
  return answer.status === 200;
});
const served = await measure("POST /v1/tools/{name}/call", async () => {
  const answer = await fetch(callUrl, { method: "POST", headers, body: callBody });
  const result = (await answer.json()) as { ok?: boolean };
  return answer.status === 200 && result.ok === true;
});
const ratio = served / proxied;
console.log(`ratio server/proxy: ${ratio.toFixed(2)} (target >= 0.80) ${ratio >= 0.8 ? "MET" : "NOT MET"}`);
console.log(`ratio server/proxy for the same POST request: ${(served / proxiedPost).toFixed(2)} (not the target's measure)`);

await server.close();
await new Promise<void>((resolve) => proxy.close(() => resolve()));
proxy.closeAllConnections();
proxyAgent.destroy();
upstream.closeAllConnections();
await new Promise<void>((resolve) => upstream.close(() => resolve()));
await rm(home, { recursive: true, force: true });
