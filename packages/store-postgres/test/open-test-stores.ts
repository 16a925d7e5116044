import { createDefaultAuthRegistry } from "@src/auth-presets";
import { afterEach } from "vitest";
import { openPostgresStore, type PostgresStore } from "../src/open-postgres-store";

/**
 * Opens stores with the built-in auth modes, a fast change check (200 ms) and a cheap scrypt cost for the vault key
 * (these tests are about where secrets go, not about key stretching); every store opened is closed after each test.
 */
export function useTestStores(): (url: string, env: Record<string, string>) => Promise<PostgresStore> {
  const registry = createDefaultAuthRegistry();
  const opened: PostgresStore[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  return async (url, env) => {
    const store = await openPostgresStore({
      url,
      registry,
      home: "/tmp/src-home-unused",
      env,
      checkIntervalMs: 200,
      scryptCost: { N: 2 ** 10, r: 8, p: 1 },
    });
    opened.push(store);
    return store;
  };
}

/**
 * The stores a shared store contract of @src/config (`describe…StoreContract`) opens: `"fresh"` on a new database of
 * `database`, `"same"` on the last fresh one's, as a second replica would. Each is closed after the test.
 */
export function useContractStores(
  database: () => Promise<string>,
): (place: "fresh" | "same") => Promise<PostgresStore> {
  const openStore = useTestStores();
  const env = { SRC_VAULT_KEY: Buffer.alloc(32, 7).toString("base64") };
  let lastUrl: string | undefined;
  return async (place) => {
    if (place === "fresh" || lastUrl === undefined) lastUrl = await database();
    return openStore(lastUrl, env);
  };
}
