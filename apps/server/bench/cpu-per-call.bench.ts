// CPU time per call in the serving process, with the upstream API and the
// agents (16 keep-alive node:http clients sending the agent call's POST + JSON
// body) each in a process of their own, so that only the server is counted.
// Three servers in turn, on the built packages:
// - the minimal node:http pass-through proxy of server.bench.ts;
// - the tool call's bare contract: read the call, send it with the credential,
//   read the whole answer, JSON.parse it and send back a JSON result, with no
//   checks, redaction or limits (what the unavoidable work costs);
// - POST /v1/tools/{name}/call of the real server.
// Not a test: it prints numbers. Run: pnpm --filter @src/server bench
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { Agent, createServer, request as httpRequest, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startBenchServer } from "./bench-source";
import { passThroughListener } from "./pass-through-proxy.mjs";

const secondsPerRun = Number(process.env.BENCH_SECONDS ?? 4);
const concurrency = 16;
const upstreamToken = randomBytes(16).toString("hex");
const adminToken = randomBytes(16).toString("hex");
const headers = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
const callBody = JSON.stringify({ method: "GET", path: "/items" });

const nextMessage = <T>(child: ChildProcess): Promise<T> =>
  new Promise((resolve) => child.once("message", (message) => resolve(message as T)));
const upstream = fork(new URL("./upstream-process.mjs", import.meta.url), {
  env: { ...process.env, UPSTREAM_TOKEN: upstreamToken },
});
const { port: upstreamPort } = await nextMessage<{ port: number }>(upstream);
const upstreamAgent = new Agent({ keepAlive: true, maxSockets: concurrency });

async function listen(listener: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function measure(name: string, url: string): Promise<number> {
  const load = fork(new URL("./load-process.mjs", import.meta.url), {
    env: { ...process.env, LOAD: JSON.stringify({ url, body: callBody, headers, concurrency }) },
  });
  await nextMessage(load);
  load.send({ milliseconds: 1000 });
  await nextMessage(load);
  const before = process.cpuUsage();
  load.send({ milliseconds: secondsPerRun * 1000 });
  const { done, failed } = await nextMessage<{ done: number; failed: number }>(load);
  const used = process.cpuUsage(before);
  load.disconnect();
  const perCall = (used.user + used.system) / Math.max(done, 1);
  console.log(
    `${name.padEnd(34)} ${perCall.toFixed(0).padStart(5)} µs CPU per call ${(done / secondsPerRun).toFixed(0).padStart(7)} calls/s${failed > 0 ? `  (${failed} failed)` : ""}`,
  );
  return perCall;
}

console.log(
  `src-server CPU per call: upstream and ${concurrency} agents in their own processes, ${secondsPerRun} s per run`,
);

const proxy = await listen(passThroughListener({ port: upstreamPort, token: upstreamToken, agent: upstreamAgent }));
const proxyCost = await measure("node:http pass-through proxy", `${proxy.url}/items`);
proxy.server.closeAllConnections();
proxy.server.close();

const contract = await listen((incoming, outgoing) => {
  const chunks: Buffer[] = [];
  incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
  incoming.on("end", () => {
    const call = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { method: string; path: string };
    const started = performance.now();
    const forward = httpRequest(
      {
        host: "127.0.0.1",
        port: upstreamPort,
        method: call.method,
        path: call.path,
        agent: upstreamAgent,
        headers: { authorization: `Bearer ${upstreamToken}` },
      },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => parts.push(chunk));
        answer.on("end", () => {
          const value = JSON.parse(Buffer.concat(parts).toString("utf8")) as unknown;
          const text = JSON.stringify({
            ok: answer.statusCode === 200,
            status: answer.statusCode,
            durationMs: Math.round(performance.now() - started),
            headers: { "content-type": answer.headers["content-type"] },
            body: { kind: "json", value },
          });
          outgoing.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
          outgoing.end(text);
        });
      },
    );
    forward.end();
  });
});
const contractCost = await measure("  bare tool-call contract", `${contract.url}/call`);
contract.server.closeAllConnections();
contract.server.close();

const { server, home } = await startBenchServer({
  adminToken,
  upstreamUrl: `http://127.0.0.1:${upstreamPort}`,
  upstreamToken,
  homePrefix: "src-server-cpu-bench-",
});
const serverCost = await measure("POST /v1/tools/{name}/call", `${server.url}/v1/tools/api_bench/call`);
console.log(
  `server CPU per call: ${(serverCost / proxyCost).toFixed(1)}x the proxy's, ${(serverCost / contractCost).toFixed(1)}x the bare contract's`,
);

await server.close();
upstreamAgent.destroy();
upstream.disconnect();
await rm(home, { recursive: true, force: true });
