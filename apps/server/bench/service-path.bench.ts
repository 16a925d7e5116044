// Where the server's time goes (not a test): calls per second at concurrency 16 through
// service.callTool alone (config read + vault + executor, no HTTP in front) against the
// same kind of 1 KB upstream, to set beside bench/server.bench.ts.
// Run: npx tsx --conditions=@src/source bench/service-path.bench.ts
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSourceService } from "@src/service";

const concurrency = 16;
const total = Number(process.env.BENCH_REQUESTS ?? 4000);
const token = randomBytes(16).toString("hex");
const payload = JSON.stringify({ items: Array.from({ length: 12 }, (_, index) => ({ id: index, name: `item-${index}`, note: "x".repeat(47) })) });
const upstream = createServer((incoming, outgoing) => {
  incoming.resume();
  outgoing.writeHead(incoming.headers.authorization === `Bearer ${token}` ? 200 : 401, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
  outgoing.end(payload);
});
await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
const baseUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

const home = await mkdtemp(join(tmpdir(), "src-service-bench-"));
const service = createSourceService({ home, env: { SRC_HOME: home, SRC_VAULT_KEY: randomBytes(32).toString("base64") } });
await service.addSource({ input: { type: "api", name: "Bench", slug: "bench", enabled: true, api: { baseUrl, authType: "bearer", testEndpoint: "/items" } }, credential: { token }, test: false });

async function rate(name: string, once: () => Promise<unknown>): Promise<void> {
  for (let index = 0; index < 300; index += 1) await once();
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) {
      next += 1;
      await once();
    }
  }));
  console.log(`${name.padEnd(34)} ${(total / ((performance.now() - started) / 1000)).toFixed(0).padStart(7)} calls/s`);
}

const source = await service.store.get("bench");
await rate("store.get (config.json read)", () => service.store.get("bench"));
await rate("service.callTool (whole path)", async () => {
  const result = await service.callTool("api_bench", { method: "GET", path: "/items" });
  if (!result.ok) throw new Error(`unexpected ${result.status}`);
});
console.log(`source ${source.slug}: compare with bench/server.bench.ts for the HTTP layer in front`);
upstream.closeAllConnections();
upstream.close();
await rm(home, { recursive: true, force: true });
