import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { useTestPostgres } from "../../test/use-test-postgres";
import { useTestStores } from "../../test/open-test-stores";

const key = randomBytes(32).toString("base64");
const postgresServer = useTestPostgres();
const open = useTestStores();

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe("withCredentialLock on PostgreSQL", () => {
  it("lets one replica at a time hold a credential's lock; the next reads what the first stored", async () => {
    const url = await postgresServer.database();
    const first = (await open(url, { SRC_VAULT_KEY: key })).vault;
    const second = (await open(url, { SRC_VAULT_KEY: key })).vault;
    await first.set("crm", { refreshToken: "r1" });
    // The second replica has the old value cached before the first renews it.
    expect((await second.get<{ refreshToken: string }>("crm"))?.refreshToken).toBe("r1");
    const order: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = first.withCredentialLock!({ slug: "crm" }, async () => {
      order.push("first in");
      await released;
      await first.set("crm", { refreshToken: "r2" });
      order.push("first out");
    });
    await pause(100);
    const waiting = second.withCredentialLock!({ slug: "crm" }, async () => {
      order.push(`second in, reads ${(await second.get<{ refreshToken: string }>("crm"))?.refreshToken}`);
    });
    await second.withCredentialLock!({ slug: "crm", principal: "token:ana" }, async () => void order.push("ana"));
    await second.withCredentialLock!({ slug: "other" }, async () => void order.push("other"));
    await pause(200);
    expect(order).toEqual(["first in", "ana", "other"]);
    release();
    await Promise.all([held, waiting]);
    expect(order).toEqual(["first in", "ana", "other", "first out", "second in, reads r2"]);
    const sql = postgres(url, { onnotice: () => undefined });
    try {
      expect(await sql`select name from src_credential_locks`).toHaveLength(0);
    } finally {
      await sql.end();
    }
  });

  it("takes over a lease whose holder is gone, and releases it when the action throws", async () => {
    const url = await postgresServer.database();
    const vault = (await open(url, { SRC_VAULT_KEY: key })).vault;
    const sql = postgres(url, { onnotice: () => undefined });
    try {
      await sql`insert into src_credential_locks (name, holder, expires_at) values ('crm', 'a replica that died', now() - interval '1 second')`;
      expect(await vault.withCredentialLock!({ slug: "crm" }, async () => "taken over")).toBe("taken over");
      await expect(
        vault.withCredentialLock!({ slug: "crm" }, async () => {
          throw new Error("the token request failed");
        }),
      ).rejects.toThrow("the token request failed");
      expect(await sql`select name from src_credential_locks`).toHaveLength(0);
    } finally {
      await sql.end();
    }
  });
});
