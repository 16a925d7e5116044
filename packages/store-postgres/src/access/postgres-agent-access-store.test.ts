import { createDefaultAuthRegistry } from "@src/auth-presets";
import { describeAgentAccessStoreContract } from "@src/config/testing";
import { afterEach } from "vitest";
import { useTestPostgres } from "../../test/use-test-postgres";
import { openPostgresStore, type PostgresStore } from "../open-postgres-store";

// The shared contract of @src/config (also run against the file store): a fresh database per test, and "same" is a
// second store on that database, as a second replica would open it.
const registry = createDefaultAuthRegistry();
const key = Buffer.alloc(32, 7).toString("base64");
const postgresServer = useTestPostgres();
const opened: PostgresStore[] = [];
let lastUrl: string | undefined;
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describeAgentAccessStoreContract("the PostgreSQL store", {
  open: async (place) => {
    if (place === "fresh" || lastUrl === undefined) lastUrl = await postgresServer.database();
    const store = await openPostgresStore({
      url: lastUrl,
      registry,
      home: "/tmp/src-home-unused",
      env: { SRC_VAULT_KEY: key },
    });
    opened.push(store);
    return store.access;
  },
});
