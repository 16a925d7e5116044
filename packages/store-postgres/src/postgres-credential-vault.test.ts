import { randomBytes } from "node:crypto";
import { createDefaultAuthRegistry } from "@src/auth-presets";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { useTestPostgres } from "../test/use-test-postgres";
import { useTestStores } from "../test/open-test-stores";
import { openPostgresStore } from "./open-postgres-store";

const registry = createDefaultAuthRegistry();
const oldKey = randomBytes(32).toString("base64");
const newKey = randomBytes(32).toString("base64");
const secret = "sk-live-9f8e7d6c5b4a-never-in-the-database";
const postgresServer = useTestPostgres();
const open = useTestStores();

/** Every table's every column as text and as raw bytes: what a dump would show. */
async function dumpEverything(url: string): Promise<Buffer> {
  const sql = postgres(url, { onnotice: () => undefined });
  try {
    const tables = await sql<
      { table_name: string }[]
    >`select table_name from information_schema.tables where table_schema = 'public'`;
    const parts: Buffer[] = [];
    for (const { table_name: table } of tables) {
      for (const row of await sql.unsafe(`select * from ${table}`)) {
        for (const value of Object.values(row as Record<string, unknown>)) {
          parts.push(Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value) ?? "", "utf8"));
        }
      }
      const [text] = await sql.unsafe(`select coalesce(string_agg(t::text, E'\\n'), '') as text from ${table} t`);
      parts.push(Buffer.from(String((text as unknown as { text: string }).text), "utf8"));
    }
    return Buffer.concat(parts);
  } finally {
    await sql.end();
  }
}

describe("the credential vault on PostgreSQL", () => {
  it("stores, reads, lists and deletes credentials; values print redacted", async () => {
    const vault = (await open(await postgresServer.database(), { SRC_VAULT_KEY: oldKey })).vault;
    await vault.set("weather", { token: secret });
    await vault.set("alpha", { key: "k" });
    expect({ ...(await vault.get("weather")) }).toEqual({ token: secret });
    expect(JSON.stringify(await vault.get("weather"))).not.toContain(secret);
    expect((await vault.list()).map((entry) => entry.slug)).toEqual(["alpha", "weather"]);
    expect(await vault.has("weather")).toBe(true);
    expect(await vault.delete("weather")).toBe(true);
    expect(await vault.delete("weather")).toBe(false);
    expect(await vault.get("weather")).toBeUndefined();
    expect(await vault.has("weather")).toBe(false);
    await expect(vault.set("weather", ["not an object"] as never)).rejects.toMatchObject({
      code: "INVALID_CREDENTIAL",
    });
  });

  it("keeps no plaintext credential, key or passphrase anywhere in the database", async () => {
    const url = await postgresServer.database();
    const passphrase = "correct horse battery staple, not in the dump";
    await (
      await open(url, { SRC_VAULT_KEY: oldKey })
    ).vault.set("weather", { token: secret, $scope: "https://api.example.com" });
    const dump = await dumpEverything(url);
    const key = Buffer.from(oldKey, "base64");
    for (const needle of [secret, Buffer.from(secret).toString("base64"), Buffer.from(secret).toString("hex"), oldKey])
      expect(dump.includes(Buffer.from(needle))).toBe(false);
    expect(dump.includes(key)).toBe(false);
    expect(dump.includes(Buffer.from(key.toString("hex")))).toBe(false);

    const other = await postgresServer.database();
    await (await open(other, { SRC_VAULT_PASSPHRASE: passphrase })).vault.set("weather", { token: secret });
    const otherDump = await dumpEverything(other);
    expect(otherDump.includes(Buffer.from(secret))).toBe(false);
    expect(otherDump.includes(Buffer.from(passphrase))).toBe(false);
  });

  it("refuses to open without a key in the environment, saying where it must come from", async () => {
    const url = await postgresServer.database();
    await expect(openPostgresStore({ url, registry, home: "/tmp", env: {} })).rejects.toMatchObject({
      code: "VAULT_KEY_REQUIRED",
      message: expect.stringMatching(/SRC_VAULT_KEY.*SRC_VAULT_KEYS.*SRC_VAULT_PASSPHRASE/s),
    });
    await expect(
      openPostgresStore({ url, registry, home: "/tmp", env: { SRC_VAULT_KEYS: "short" } }),
    ).rejects.toMatchObject({ code: "INVALID_VAULT_KEY" });
  });

  it("refuses to open with a key the stored credentials were not encrypted under, and changes nothing", async () => {
    const url = await postgresServer.database();
    await (await open(url, { SRC_VAULT_KEY: oldKey })).vault.set("weather", { token: secret });
    await expect(
      openPostgresStore({ url, registry, home: "/tmp", env: { SRC_VAULT_KEY: newKey } }),
    ).rejects.toMatchObject({ code: "WRONG_VAULT_KEY" });
    expect({ ...(await (await open(url, { SRC_VAULT_KEY: oldKey })).vault.get("weather")) }).toEqual({ token: secret });
  });

  it("refuses an entry moved to another slug (the slug is bound into the encryption)", async () => {
    const url = await postgresServer.database();
    const vault = (await open(url, { SRC_VAULT_KEY: oldKey })).vault;
    await vault.set("weather", { token: secret });
    const sql = postgres(url, { onnotice: () => undefined });
    await sql`update src_credentials set slug = 'stolen'`;
    await sql.end();
    await expect((await open(url, { SRC_VAULT_KEY: oldKey })).vault.get("stolen")).rejects.toMatchObject({
      code: "CREDENTIAL_DAMAGED",
    });
  });

  it("rotates in one transaction; a replica still on the old key keeps working until restarted with the new one", async () => {
    const url = await postgresServer.database();
    const replicaA = await open(url, { SRC_VAULT_KEY: oldKey });
    const replicaB = await open(url, { SRC_VAULT_KEY: oldKey });
    await replicaA.vault.set("weather", { token: secret });
    await replicaA.vault.set("alpha", { token: "alpha-token" });
    expect((await replicaB.vault.get("weather"))?.token).toBe(secret);
    expect((await replicaB.vault.get("alpha"))?.token).toBe("alpha-token");

    const operator = await open(url, { SRC_VAULT_KEYS: `${newKey},${oldKey}` });
    expect(await operator.vault.rotate()).toEqual({ credentials: 2 });
    // Nothing is left under the old key.
    const sql = postgres(url, { onnotice: () => undefined });
    expect((await sql`select distinct key_id from src_credentials`).length).toBe(1);
    await sql.end();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // B was not restarted yet: it still serves what it had.
    expect((await replicaB.vault.get("weather"))?.token).toBe(secret);
    // Restarted with the new key (alone), it reads everything; with only the old key, it refuses to start.
    const restartedB = await open(url, { SRC_VAULT_KEY: newKey });
    expect((await restartedB.vault.get("alpha"))?.token).toBe("alpha-token");
    await expect(
      openPostgresStore({ url, registry, home: "/tmp", env: { SRC_VAULT_KEY: oldKey } }),
    ).rejects.toMatchObject({ code: "WRONG_VAULT_KEY" });
    // A second rotation finds nothing to re-encrypt under another key but counts every entry.
    expect(await operator.vault.rotate()).toEqual({ credentials: 2 });
  });

  it("a replica still on the old key keeps reading per-user connections after a rotation, until one changes", async () => {
    const url = await postgresServer.database();
    const replicaA = await open(url, { SRC_VAULT_KEY: oldKey });
    const replicaB = await open(url, { SRC_VAULT_KEY: oldKey });
    await replicaA.vault.setConnection("crm", "token:ana", { token: secret });
    await replicaA.vault.setConnection("crm", "token:bo", { token: "bo-token" });
    expect((await replicaB.vault.getConnection("crm", "token:ana"))?.token).toBe(secret);

    const operator = await open(url, { SRC_VAULT_KEYS: `${newKey},${oldKey}` });
    await operator.vault.rotate();
    const sql = postgres(url, { onnotice: () => undefined });
    try {
      expect((await sql`select distinct key_id from src_connections`).length).toBe(1);
    } finally {
      await sql.end();
    }
    // B read ana's before the rotation: it still serves it. bo's it never read, so it cannot: it says to restart.
    expect((await replicaB.vault.getConnection("crm", "token:ana"))?.token).toBe(secret);
    await expect(replicaB.vault.getConnection("crm", "token:bo")).rejects.toMatchObject({ code: "WRONG_VAULT_KEY" });
    // A new value (under the new key) is not the one B had: B says to restart rather than serve the old one.
    await operator.vault.setConnection("crm", "token:ana", { token: "ana-new-token" });
    await expect(replicaB.vault.getConnection("crm", "token:ana")).rejects.toMatchObject({ code: "WRONG_VAULT_KEY" });
    // A removed one is gone on B at once.
    await operator.vault.deleteConnection("crm", "token:ana");
    expect(await replicaB.vault.getConnection("crm", "token:ana")).toBeUndefined();
    expect((await (await open(url, { SRC_VAULT_KEY: newKey })).vault.getConnection("crm", "token:bo"))?.token).toBe(
      "bo-token",
    );
  });

  it("tells every replica about a changed credential", async () => {
    const url = await postgresServer.database();
    const [a, b] = [await open(url, { SRC_VAULT_KEY: oldKey }), await open(url, { SRC_VAULT_KEY: oldKey })];
    await a.vault.set("weather", { token: "first" });
    expect((await b.vault.get("weather"))?.token).toBe("first");
    await a.vault.set("weather", { token: "second" });
    await expect.poll(async () => (await b.vault.get("weather"))?.token, { timeout: 10_000 }).toBe("second");
    await a.vault.delete("weather");
    await expect.poll(async () => b.vault.get("weather"), { timeout: 10_000 }).toBeUndefined();
  });
});
