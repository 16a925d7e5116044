// Benchmark (not a test): a source with GitHub's OpenAPI document (@octokit/openapi).
// 1. index build time and size (cold), and reading it back (cached);
// 2. search latency p50/p99 over plain-language queries (target p99 < 5 ms);
// 3. calls/s through callSource with validation on (strict) and off, on the same local upstream, side by side
//    (target: validation costs under 10 % of call throughput).
import { copyFile, mkdtemp, rm, stat } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createOperationCatalog, operationIndexFileOf, readOperationIndex } from "@src/openapi";
import { authMode } from "../test/auth-modes";
import { makeSource } from "../test/source-fixture";
import { callSource } from "../src/tool/call-source";

const require = createRequire(import.meta.url);
const githubDocument = require.resolve("@octokit/openapi/generated/api.github.com.json");
const directory = await mkdtemp(join(tmpdir(), "src-openapi-bench-"));
const documentFile = join(directory, "openapi.json");
await copyFile(githubDocument, documentFile);

let started = performance.now();
const index = await readOperationIndex({ documentFile });
const buildMs = performance.now() - started;
const indexBytes = (await stat(operationIndexFileOf(documentFile))).size;
started = performance.now();
await readOperationIndex({ documentFile });
const cachedMs = performance.now() - started;
const catalog = createOperationCatalog(index);
started = performance.now();
catalog.search({ query: "warm up" });
const searchIndexMs = performance.now() - started;

const queries = [
  "create an issue",
  "list pull requests of a repository",
  "star a repository",
  "get the authenticated user",
  "add a comment to an issue",
  "merge a pull request",
  "list commits",
  "get a repository",
  "create a release",
  "search code",
  "fork a repository",
  "create a gist",
  "list workflow runs for a repository",
  "delete a repository",
  "list organization members",
  "get rate limit",
];
const latencies: number[] = [];
for (const query of queries) catalog.search({ query }); // warm-up, not counted
for (let round = 0; round < 20; round += 1) {
  for (const query of queries) {
    const begin = performance.now();
    catalog.search({ query });
    latencies.push(performance.now() - begin);
  }
}
latencies.sort((left, right) => left - right);
const quantile = (values: number[], at: number): number =>
  values[Math.min(values.length - 1, Math.floor(values.length * at))] ?? 0;

const payload = JSON.stringify({ items: Array.from({ length: 12 }, (_, id) => ({ id, title: `issue ${id}` })) }).padEnd(
  1024,
  " ",
);
const server = createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) });
  response.end(payload);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const mode = authMode("bearer");
const call = { method: "GET", path: "/repos/octo/hello/issues", query: { state: "open", per_page: 5 } };
const withValidation = makeSource(origin, { authType: mode.name, ...mode.api, openapiValidation: "strict" });
const withoutDocument = makeSource(origin, { authType: mode.name, ...mode.api });

async function run(check: boolean, total: number): Promise<number> {
  let next = 0;
  const begin = performance.now();
  const worker = async (): Promise<void> => {
    while (next < total) {
      next += 1;
      const result = await callSource({
        source: check ? withValidation : withoutDocument,
        call,
        plugin: mode.plugin,
        credential: mode.credential,
        operations: check ? catalog : undefined,
      });
      if (!result.ok) throw new Error(`unexpected result: ${JSON.stringify(result.error)}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return total / ((performance.now() - begin) / 1000);
}
const requests = Number(process.env.BENCH_REQUESTS ?? 4000);
await run(true, 300);
await run(false, 300);
const on: number[] = [];
const off: number[] = [];
for (let round = 0; round < 2; round += 1) {
  off.push(await run(false, requests / 2));
  on.push(await run(true, requests / 2));
}
const average = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

console.log(`@src/openapi benchmark with GitHub's document (${index.operations.length} operations)`);
console.log(
  `index build (cold)     ${buildMs.toFixed(0).padStart(7)} ms   index file ${(indexBytes / 1024 / 1024).toFixed(1)} MB`,
);
console.log(
  `index read (cached)    ${cachedMs.toFixed(0).padStart(7)} ms   search index built in ${searchIndexMs.toFixed(0)} ms on first use`,
);
console.log(
  `search                 p50 ${quantile(latencies, 0.5).toFixed(2)} ms   p99 ${quantile(latencies, 0.99).toFixed(2)} ms (target p99 < 5 ms; ${latencies.length} searches)`,
);
console.log(`calls, no document     ${average(off).toFixed(0).padStart(7)} calls/s`);
console.log(
  `calls, strict checking ${average(on).toFixed(0).padStart(7)} calls/s   ratio ${(average(on) / average(off)).toFixed(2)} (target >= 0.90)`,
);
server.close();
await rm(directory, { recursive: true, force: true });
