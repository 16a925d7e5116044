// Writes a src home with many sources, as the store itself would have written them:
// one source created through the service (so the record is exactly the store's format),
// then copied under new slugs, ids and names; the first `credentials` sources get a
// credential in the vault through the service. Used by many-sources.bench.mjs and the soak.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { createSourceService } from "@src/service";

/** A vault key for the bench's homes (a fresh one per run; never a real secret). */
export function createBenchVaultKey() {
  return randomBytes(32).toString("base64");
}

/** Runs `task` over `items` with at most `limit` running at once. */
async function forEachLimited(items, limit, task) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await task(items[next++]);
  });
  await Promise.all(workers);
}

export const benchSlugOf = (index) => `api-${String(index).padStart(5, "0")}`;

/**
 * Fills `home` with `count` sources named api-00000, api-00001, ... pointing at `baseUrl`;
 * the first `credentials` of them get a bearer token. Returns the tokens by slug.
 */
export async function writeManySourcesHome({ home, env, count, credentials = 0, baseUrl = "http://127.0.0.1:9/v1" }) {
  const service = createSourceService({ home, env, registry: createDefaultAuthRegistry() });
  const first = benchSlugOf(0);
  await service.addSource({
    input: {
      name: "API 00000",
      slug: first,
      type: "api",
      enabled: true,
      api: { baseUrl, authType: "bearer", testEndpoint: "/me" },
    },
    test: false,
  });
  const template = JSON.parse(await readFile(service.store.fileOf(first), "utf8"));
  const indexes = Array.from({ length: count - 1 }, (_, index) => index + 1);
  await forEachLimited(indexes, 64, async (index) => {
    const slug = benchSlugOf(index);
    const record = { ...template, slug, id: randomUUID(), name: `API ${String(index).padStart(5, "0")}` };
    const directory = join(service.store.sourcesDirectory, slug);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    await writeFile(join(directory, "config.json"), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  });
  const tokens = new Map();
  for (let index = 0; index < Math.min(credentials, count); index += 1) {
    const slug = benchSlugOf(index);
    const token = `bench-token-${randomBytes(12).toString("hex")}`;
    await service.setCredential(slug, { token }, { test: false });
    tokens.set(slug, token);
  }
  return tokens;
}
