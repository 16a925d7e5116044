// Where an agent call's CPU goes below the HTTP layer (not a test): CPU per call
// at concurrency 16 for each layer of the path, on the built packages, against a
// 1 KB JSON upstream in a process of its own, so each line counts this process:
// bare node:http request, executeRequest of a built request, callSource
// (checks + buildRequest + executeRequest), service.callTool (config and vault
// reads, the credential's scope, then callSource), and the reads alone.
// Run: pnpm --filter @src/server bench   (part of it; about 20 s)
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildRequest, callSource, createHopAuthorizer, executeRequest } from "@src/http-tool";
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { createSourceService } from "@src/service";

const concurrency = 16;
const callsPerLine = Number(process.env.BENCH_CALLS ?? 20_000);
const token = randomBytes(16).toString("hex");
const upstream = fork(new URL("./upstream-process.mjs", import.meta.url), {
  env: { ...process.env, UPSTREAM_TOKEN: token },
});
const { port } = await new Promise<{ port: number }>((resolve) =>
  upstream.once("message", (message) => resolve(message as { port: number })),
);
const home = await mkdtemp(join(tmpdir(), "src-service-layers-bench-"));
const service = createSourceService({
  home,
  env: { SRC_HOME: home, SRC_VAULT_KEY: randomBytes(32).toString("base64") },
  registry: createDefaultAuthRegistry(),
});
await service.addSource({
  input: {
    type: "api",
    name: "Bench",
    slug: "bench",
    enabled: true,
    api: { baseUrl: `http://127.0.0.1:${port}`, authType: "bearer", testEndpoint: "/items" },
  },
  credential: { token },
  test: false,
});
const source = await service.store.get("bench");
const plugin = service.registry.get("bearer");
const credential = Object.freeze({ token });
const call = { method: "GET", path: "/items" };
const built = await buildRequest({ source, call, credential, plugin });
const authorizeHop = createHopAuthorizer({ plugin, config: source.api, credential });
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

async function measure(name: string, once: () => Promise<unknown>): Promise<void> {
  let started = 0;
  const run = async (count: number): Promise<void> => {
    started = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (started < count) {
          started += 1;
          await once();
        }
      }),
    );
  };
  await run(3000);
  const before = process.cpuUsage();
  await run(callsPerLine);
  const used = process.cpuUsage(before);
  console.log(
    `${name.padEnd(36)} ${((used.user + used.system) / callsPerLine).toFixed(1).padStart(6)} µs CPU per call`,
  );
}

console.log(
  `src service layers: CPU per call in this process, ${concurrency} concurrent calls, upstream in its own process`,
);
await measure(
  "bare node:http GET + JSON.parse",
  () =>
    new Promise<void>((resolve, reject) => {
      const sent = request(
        { host: "127.0.0.1", port, path: "/items", agent, headers: { authorization: `Bearer ${token}` } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => parts.push(chunk));
          answer.on("end", () => {
            JSON.parse(Buffer.concat(parts).toString("utf8"));
            resolve();
          });
        },
      );
      sent.on("error", reject);
      sent.end();
    }),
);
await measure("executeRequest (built request)", () => executeRequest(built, { source, authorizeHop }));
await measure("callSource (checks + build + execute)", () => callSource({ source, call, plugin, credential }));
await measure("service.callTool (+ config, vault)", () => service.callTool("api_bench", call));
await measure("  store.get alone (config.json)", () => service.store.get("bench"));
await measure("  service.getSource (config + vault)", () => service.getSource("bench"));

agent.destroy();
upstream.disconnect();
await rm(home, { recursive: true, force: true });
