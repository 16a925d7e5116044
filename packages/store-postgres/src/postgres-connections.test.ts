import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { useTestPostgres } from "../test/use-test-postgres";
import { useTestStores } from "../test/open-test-stores";

const key = randomBytes(32).toString("base64");
const aliceKey = "ghp-alice-4e1b7c9d-never-in-the-database";
const bobKey = "ghp-bob-8a2f3e6d-never-in-the-database";
const postgresServer = useTestPostgres();
const openStore = useTestStores();
const open = (url: string, env: Record<string, string> = { SRC_VAULT_KEY: key }) => openStore(url, env);

async function withSql<T>(url: string, run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { onnotice: () => undefined });
  try {
    return await run(sql);
  } finally {
    await sql.end();
  }
}

describe("per-principal credentials on PostgreSQL", () => {
  it("keeps each principal's credential apart, lists who is connected without values, and holds no value in clear", async () => {
    const url = await postgresServer.database();
    const replicaA = await open(url);
    const replicaB = await open(url);
    await replicaA.vault.set("github", { token: "shared-service-account" });
    await replicaA.vault.setConnection("github", "idp:alice", { token: aliceKey });
    await replicaA.vault.setConnection("github", "idp:bob", { token: bobKey });
    // Another replica reads them at once (connections are read from the database on every call).
    expect({ ...(await replicaB.vault.getConnection("github", "idp:alice")) }).toEqual({ token: aliceKey });
    expect({ ...(await replicaB.vault.getConnection("github", "idp:bob")) }).toEqual({ token: bobKey });
    expect(await replicaB.vault.getConnection("github", "idp:carol")).toBeUndefined();
    expect(JSON.stringify(await replicaB.vault.getConnection("github", "idp:alice"))).not.toContain(aliceKey);
    expect((await replicaB.vault.list()).map((entry) => entry.slug)).toEqual(["github"]);
    expect((await replicaB.vault.listConnections()).map(({ slug, principal }) => `${slug} ${principal}`)).toEqual([
      "github idp:alice",
      "github idp:bob",
    ]);
    expect((await replicaB.vault.listConnections({ principal: "idp:bob" })).map((entry) => entry.principal)).toEqual([
      "idp:bob",
    ]);

    const dump = await withSql(
      url,
      async (sql) =>
        JSON.stringify(await sql`select * from src_connections`) +
        JSON.stringify(await sql`select * from src_credentials`),
    );
    for (const secret of [
      aliceKey,
      bobKey,
      Buffer.from(aliceKey).toString("base64"),
      Buffer.from(aliceKey).toString("hex"),
    ])
      expect(dump).not.toContain(secret);

    expect(await replicaB.vault.deleteConnection("github", "idp:alice")).toBe(true);
    expect(await replicaA.vault.getConnection("github", "idp:alice")).toBeUndefined();
    expect(await replicaA.vault.deleteConnections("github")).toBe(1);
    expect(await replicaA.vault.listConnections()).toEqual([]);
  });

  it("refuses a credential moved to another principal's row (the principal is bound into the encryption)", async () => {
    const url = await postgresServer.database();
    const store = await open(url);
    await store.vault.setConnection("github", "idp:alice", { token: aliceKey });
    await withSql(
      url,
      (sql) => sql`update src_connections set principal = 'idp:mallory' where principal = 'idp:alice'`,
    );
    const error = await store.vault.getConnection("github", "idp:mallory").then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      code: "CREDENTIAL_DAMAGED",
      message: expect.stringContaining("--principal idp:mallory"),
    });
    expect((error as Error).message).not.toContain(aliceKey);
  });

  it("refuses a shared credential moved into a principal's row", async () => {
    const url = await postgresServer.database();
    const store = await open(url);
    await store.vault.set("github", { token: "shared-service-account" });
    await withSql(
      url,
      (sql) =>
        sql`insert into src_connections (slug, principal, key_id, nonce, tag, ciphertext, updated_at) select slug, 'idp:mallory', key_id, nonce, tag, ciphertext, updated_at from src_credentials`,
    );
    await expect(store.vault.getConnection("github", "idp:mallory")).rejects.toMatchObject({
      code: "CREDENTIAL_DAMAGED",
    });
  });

  it("re-encrypts connections in a rotation", async () => {
    const url = await postgresServer.database();
    await (await open(url)).vault.setConnection("github", "idp:alice", { token: aliceKey });
    const newKey = randomBytes(32).toString("base64");
    expect(await (await open(url, { SRC_VAULT_KEYS: `${newKey},${key}` })).vault.rotate()).toEqual({ credentials: 1 });
    expect({
      ...(await (await open(url, { SRC_VAULT_KEY: newKey })).vault.getConnection("github", "idp:alice")),
    }).toEqual({ token: aliceKey });
  });
});
