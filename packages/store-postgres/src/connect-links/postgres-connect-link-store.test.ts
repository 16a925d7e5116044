import { sha256Of } from "@src/config";
import { describeConnectLinkStoreContract } from "@src/config/testing";
import postgres from "postgres";
import { expect, it } from "vitest";
import { useTestPostgres } from "../../test/use-test-postgres";
import { useContractStores, useTestStores } from "../../test/open-test-stores";

// The shared contract of @src/config (also run against the file store): a fresh database per test, and "same" is a
// second store on that database, as a second replica would open it.
const postgresServer = useTestPostgres();
const storeAt = useContractStores(postgresServer.database);
const openStore = useTestStores();

describeConnectLinkStoreContract("the PostgreSQL store", {
  open: async (place) => (await storeAt(place)).connectLinks,
});

it("holds the SHA-256 of a link's token in src_connect_links, never the token", async () => {
  const url = await postgresServer.database();
  const store = await openStore(url, { SRC_VAULT_KEY: Buffer.alloc(32, 7).toString("base64") });
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

it("keeps at most the newest three open links of a source and principal when two replicas issue links at once", async () => {
  const url = await postgresServer.database();
  const env = { SRC_VAULT_KEY: Buffer.alloc(32, 7).toString("base64") };
  const replicas = [await openStore(url, env), await openStore(url, env)];
  const now = Date.now();
  await Promise.all(
    Array.from({ length: 60 }, (_, index) =>
      replicas[index % 2]!.connectLinks.insert(
        {
          sha256: sha256Of(`srcc_race-${index}`),
          slug: "github",
          principal: "idp:alice",
          expiresAtMs: now + 60_000 + index,
        },
        now,
      ),
    ),
  );
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql`select sha256 from src_connect_links where state = 'open'`;
    expect(rows).toHaveLength(3);
  } finally {
    await sql.end();
  }
});
