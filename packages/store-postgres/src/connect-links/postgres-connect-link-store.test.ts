import { createDefaultAuthRegistry } from "@src/auth-presets";
import { sha256Of } from "@src/config";
import { describeConnectLinkStoreContract } from "@src/config/testing";
import postgres from "postgres";
import { afterEach, expect, it } from "vitest";
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

async function openOn(url: string): Promise<PostgresStore> {
  const store = await openPostgresStore({ url, registry, home: "/tmp/src-home-unused", env: { SRC_VAULT_KEY: key } });
  opened.push(store);
  return store;
}

describeConnectLinkStoreContract("the PostgreSQL store", {
  open: async (place) => {
    if (place === "fresh" || lastUrl === undefined) lastUrl = await postgresServer.database();
    return (await openOn(lastUrl)).connectLinks;
  },
});

it("holds the SHA-256 of a link's token in src_connect_links, never the token", async () => {
  const url = await postgresServer.database();
  const store = await openOn(url);
  const token = "srcc_never-in-the-database-5b1e";
  await store.connectLinks.insert(
    { sha256: sha256Of(token), slug: "github", principal: "idp:alice", expiresAtMs: Date.now() + 60_000 },
    Date.now(),
  );
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql`select * from src_connect_links`;
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.sha256).toBe(sha256Of(token));
  } finally {
    await sql.end();
  }
});
