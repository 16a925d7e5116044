// One writer of the concurrency test: waits for "go" on stdin, then, for i = 1..COUNT,
// sets api.marker<CHILD> = i with update() and status.lastError = "child-<CHILD>-<i>" with setStatus().
// A write that lost another process's update would leave some marker behind its final value.
// Usage: write-markers.ts HOME SLUG CHILD COUNT
import { createInterface } from "node:readline";
import { createSourceStore } from "../../src/store/source-store";
import { createTestRegistry, testOpenAuth } from "../auth-plugins";

const [home, slug, child, count] = process.argv.slice(2) as [string, string, string, string];
const store = createSourceStore({ home, registry: createTestRegistry().with(testOpenAuth), lockTimeoutMs: 60_000 });
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) if (line === "go") break;
for (let index = 1; index <= Number(count); index += 1) {
  await store.update(slug, { api: { [`marker${child}`]: index } });
  await store.setStatus(slug, { lastError: `child-${child}-${index}` });
}
process.stdout.write("done\n");
