// Takes the write lock of one source, prints "locked", and holds it until killed.
// Usage: hold-lock.ts HOME SLUG STALE_MS
import { createSourceStore } from "../../src/store/source-store";
import { withSourceLock } from "../../src/store/source-lock";
import { createTestRegistry } from "../auth-plugins";

const [home, slug, staleMs] = process.argv.slice(2) as [string, string, string];
const store = createSourceStore({ home, registry: createTestRegistry() });
await withSourceLock(
  { slug, lockFile: store.lockFileOf(slug) },
  { timeoutMs: 10_000, staleMs: Number(staleMs) },
  async () => {
    process.stdout.write("locked\n");
    await new Promise(() => setInterval(() => undefined, 1_000));
  },
);
