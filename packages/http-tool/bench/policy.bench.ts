// Benchmark (not a test): what the policy check (api.policy, narrowed by an agent token) costs an agent call.
// 1. calls/s through createApiTools' tool (callSource: policy check, credential, build, execute) on a local upstream,
//    without a policy and with a realistic one, alternated side by side in one run;
// 2. the check alone (createHopCheck on the first request: path readings, rules, rate limit in memory) in µs,
//    with route rules and with operation/tag rules on GitHub's document (@octokit/openapi), as a share of a call's
//    mean time. Target: the check costs under 3 % of a call. Figures only mean something on an idle machine.
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createAuthRegistry } from "@src/auth";
import { createBearerAuth } from "@src/auth-bearer";
import type { ApiPolicy, SourceRecord } from "@src/config";
import { createOperationCatalog, readOperationIndex } from "@src/openapi";
import { makeSource } from "../test/source-fixture";
import { createHopCheck } from "../src/policy/check-hop";
import { createMemoryRateLimitStore } from "../src/policy/rate-limit-store";
import { createApiTools } from "../src/tool/create-api-tool";

const concurrency = 16;
const callsPerRun = Number(process.env.BENCH_REQUESTS ?? 4000);
const checksPerRun = 20_000;
const payload = JSON.stringify({
  items: Array.from({ length: 12 }, (_, index) => ({ id: index, name: `item-${index}` })),
}).padEnd(1024, " ");
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) });
  response.end(payload);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const routePolicy: ApiPolicy = {
  allow: [
    "GET /repos/**",
    "GET /user",
    "GET /search/**",
    "POST /repos/*/*/issues",
    "POST /repos/*/*/issues/*/comments",
    "PATCH /repos/*/*/issues/*",
  ],
  deny: ["DELETE /**", "PUT /repos/*/*/collaborators/*", "GET /repos/*/*/actions/secrets/**"],
  confirm: ["POST /repos/*/*/issues"],
  rateLimit: { calls: 1_000_000, perSeconds: 1 },
};
const documentPolicy: ApiPolicy = {
  allow: ["tag:repos", "tag:issues", "operation:users/get-authenticated"],
  deny: ["operation:repos/delete", "tag:actions"],
  rateLimit: { calls: 1_000_000, perSeconds: 1 },
};

const registry = createAuthRegistry([createBearerAuth()]);
const sourceWith = (policy: ApiPolicy | undefined, api: Record<string, unknown> = {}): SourceRecord =>
  makeSource(`${origin}/v1`, { authType: "bearer", ...api, ...(policy === undefined ? {} : { policy }) });
const toolFor = (source: SourceRecord) =>
  createApiTools(source, {
    registry,
    credentials: { get: async () => ({ token: "bench-token" }) },
    rateLimits: createMemoryRateLimitStore(),
  })[0]!;
const call = { method: "GET", path: "/repos/octo/hello/issues", query: { per_page: 10 } };

async function run(execute: () => Promise<unknown>, total: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < total) {
      next += 1;
      await execute();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return total / ((performance.now() - started) / 1000);
}

const plain = toolFor(sourceWith(undefined));
const guarded = toolFor(sourceWith(routePolicy));
const check = async (tool: typeof plain): Promise<void> => {
  const result = await tool.execute(call);
  if (!result.ok) throw new Error(`unexpected result ${result.status} ${result.error?.code ?? ""}`);
};
await run(() => check(plain), 500);
await run(() => check(guarded), 500);
const plainRuns: number[] = [];
const guardedRuns: number[] = [];
for (let round = 0; round < 4; round += 1) {
  plainRuns.push(await run(() => check(plain), callsPerRun / 4));
  guardedRuns.push(await run(() => check(guarded), callsPerRun / 4));
}
const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;
const plainPerSecond = mean(plainRuns);
const guardedPerSecond = mean(guardedRuns);
// What one call costs the process at full throughput, in µs (the check runs on the same thread): the yardstick.
const callMicros = 1e6 / plainPerSecond;

async function checkMicros(
  source: SourceRecord,
  operations?: Parameters<typeof createHopCheck>[0]["operations"],
): Promise<number> {
  const url = new URL(`${origin}/v1/repos/octo/hello/issues?per_page=10`);
  const rateLimits = createMemoryRateLimitStore();
  const hop = { method: "GET", url, kind: "request" as const };
  for (let index = 0; index < 2000; index += 1) await createHopCheck({ source, operations, rateLimits })(hop);
  const started = performance.now();
  for (let index = 0; index < checksPerRun; index += 1) {
    const refusal = await createHopCheck({ source, operations, rateLimits })(hop);
    if (refusal !== undefined) throw new Error(`the bench call was refused: ${refusal.message}`);
  }
  return ((performance.now() - started) * 1000) / checksPerRun;
}

const require = createRequire(import.meta.url);
const directory = await mkdtemp(join(tmpdir(), "src-policy-bench-"));
const documentFile = join(directory, "openapi.json");
await copyFile(require.resolve("@octokit/openapi/generated/api.github.com.json"), documentFile);
const catalog = createOperationCatalog(await readOperationIndex({ documentFile }));
const routeMicros = await checkMicros(sourceWith(routePolicy));
const documentMicros = await checkMicros(sourceWith(documentPolicy, { openapi: "openapi.json" }), catalog);

const share = (micros: number): string => `${((100 * micros) / callMicros).toFixed(2)} % of a call`;
console.log(
  `@src/http-tool policy benchmark: ${callsPerRun} calls each, concurrency ${concurrency}, 1 KB JSON on ${origin}`,
);
console.log(
  `no policy            ${plainPerSecond.toFixed(0).padStart(7)} calls/s   (a call: ${callMicros.toFixed(0)} µs of the process at that rate)`,
);
console.log(
  `route-rule policy    ${guardedPerSecond.toFixed(0).padStart(7)} calls/s   ratio ${(guardedPerSecond / plainPerSecond).toFixed(3)}`,
);
console.log(
  `check alone, route rules              ${routeMicros.toFixed(1).padStart(6)} µs   ${share(routeMicros)} (target < 3 %)`,
);
console.log(
  `check alone, operation and tag rules  ${documentMicros.toFixed(1).padStart(6)} µs   ${share(documentMicros)} (target < 3 %), GitHub's document`,
);
server.close();
await rm(directory, { recursive: true, force: true });
