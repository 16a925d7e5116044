// Tool calls per second through POST /v1/tools/{name}/call against a local 1 KB
// JSON upstream, side by side with a minimal node:http pass-through proxy to the
// same upstream (the floor for one extra hop). The proxy is measured twice: with
// the agent call's own request (POST + JSON body, the target's ratio: the same
// request through both) and with a bare GET. Everything runs in this one process
// on the built packages (the client's, the upstream's and the server's CPU all
// count); bench/cpu-per-call.bench.ts counts the server's alone.
// Not a test: it prints numbers. Run: pnpm --filter @src/server bench   (about 45 s)
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { createServer, request as httpRequest, Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { startBenchServer } from "./bench-source";
import { measureRounds, rateOf } from "./measure-rate";
import { startJsonUpstream } from "./start-json-upstream";

const secondsPerRun = Number(process.env.BENCH_SECONDS ?? 3);
const concurrency = 16;
const upstream = await startJsonUpstream();
const { port: upstreamPort, token: upstreamToken } = upstream;

const proxyAgent = new Agent({ keepAlive: true, maxSockets: concurrency });
// Forwards the request's method and body as they came (a GET has none), with the upstream credential.
const proxy = createServer((incoming, outgoing) => {
  const bodyHeaders =
    incoming.headers["content-length"] === undefined
      ? {}
      : {
          "content-type": incoming.headers["content-type"] ?? "",
          "content-length": incoming.headers["content-length"],
        };
  const forward = httpRequest(
    {
      host: "127.0.0.1",
      port: upstreamPort,
      method: incoming.method,
      path: "/items",
      agent: proxyAgent,
      headers: { authorization: `Bearer ${upstreamToken}`, ...bodyHeaders },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  incoming.pipe(forward);
});
await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/items`;

const adminToken = randomBytes(16).toString("hex");
const { server, home } = await startBenchServer({
  adminToken,
  upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
  upstreamToken,
  homePrefix: "src-server-bench-",
});
const headers = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
const callUrl = `${server.url}/v1/tools/api_bench/call`;
const callBody = JSON.stringify({ method: "GET", path: "/items" });

// The agent call's own request (POST, JSON body, JSON read back) through the proxy: the target's comparison.
const proxyPost = async (): Promise<boolean> => {
  const answer = await fetch(proxyUrl, { method: "POST", headers, body: callBody });
  await answer.json();
  return answer.status === 200;
};
// A bare GET through the same proxy: the client's cost of sending a POST body is then counted against the server.
const proxyGet = async (): Promise<boolean> => {
  const answer = await fetch(proxyUrl);
  await answer.arrayBuffer();
  return answer.status === 200;
};
const toolCall = async (): Promise<boolean> => {
  const answer = await fetch(callUrl, { method: "POST", headers, body: callBody });
  const result = (await answer.json()) as { ok?: boolean };
  return answer.status === 200 && result.ok === true;
};

// BENCH_ONLY=server runs the server alone (for profiling it).
const only = process.env.BENCH_ONLY;
const targets: { name: string; once: () => Promise<boolean> }[] = [
  ...(only === "server"
    ? []
    : [
        { name: "node:http pass-through proxy", once: proxyPost },
        { name: "  same proxy, bare GET", once: proxyGet },
      ]),
  { name: "POST /v1/tools/{name}/call", once: toolCall },
];
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
console.log(
  `src-server benchmark: ${concurrency} concurrent clients, ${upstream.payloadBytes} B JSON upstream, built packages, ${rounds} alternating rounds of ${secondsPerRun} s per target (median shown)`,
);
// Every target is warmed up first, then the rounds alternate, so neither the order nor a JIT warm-up favours one.
for (const target of targets) await rateOf(target.once, { concurrency, seconds: 1 });
const medians = await measureRounds(targets, { rounds, concurrency, seconds: secondsPerRun });
const served = medians.get("POST /v1/tools/{name}/call") ?? Number.NaN;
const ratio = served / (medians.get("node:http pass-through proxy") ?? Number.NaN);
console.log(
  `ratio server/proxy, same request: ${ratio.toFixed(2)} (target >= 0.80) ${ratio >= 0.8 ? "MET" : "NOT MET"}`,
);
console.log(
  `ratio server/proxy's bare GET: ${(served / (medians.get("  same proxy, bare GET") ?? Number.NaN)).toFixed(2)} (the client's POST counted against the server)`,
);

await server.close();
await new Promise<void>((resolve) => proxy.close(() => resolve()));
proxy.closeAllConnections();
proxyAgent.destroy();
await upstream.close();
await rm(home, { recursive: true, force: true });
