import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { openVault, rotateVault, VAULT_ERROR_CODES } from "@src/vault";
import { useTemporaryHome } from "../test/helpers";

let home: string;
useTemporaryHome((made) => ({ home } = made));

/** A vault with two credentials under the key file `vault.key`, opened as a long-running process would. */
async function openRunning() {
  const running = await openVault({ home, env: {} });
  await running.set("github", { token: "github-secret-5f1" });
  await running.set("stripe", { token: "stripe-secret-9c2" });
  return running;
}

describe("a running process and a rotated key file", () => {
  it("keeps reading and writing after another process rotates to a new key file, without reopening", async () => {
    const running = await openRunning();
    const oldKey = await readFile(`${home}/vault.key`, "utf8");
    // Another process (its own Vault: nothing shared but the files) rotates.
    const rotated = await rotateVault({ home, env: {} });
    expect(rotated).toMatchObject({ credentials: 2, newKeyKind: "keyFile" });
    expect(await readFile(`${home}/vault.key`, "utf8")).not.toBe(oldKey);

    expect((await running.get<{ token: string }>("github"))?.token).toBe("github-secret-5f1");
    await running.set("crm", { token: "crm-secret-77a" });
    const fresh = await openVault({ home, env: {} });
    expect((await fresh.get<{ token: string }>("crm"))?.token).toBe("crm-secret-77a");
    expect((await fresh.list()).map((entry) => entry.slug)).toEqual(["crm", "github", "stripe"]);
  });

  it("reads the vault between its re-encryption and the key file's rename (the new key still in vault.key.next)", async () => {
    const running = await openRunning();
    // What rotateVault has done at that moment: the vault is written under the next key file, vault.key is the old one.
    const rotating = await openVault({ home, env: {} });
    await rotating.rotate({ kind: "keyFile", file: `${home}/vault.key.next` });
    expect((await running.get<{ token: string }>("stripe"))?.token).toBe("stripe-secret-9c2");
    // The next run of rotateVault finishes the rename, and the running vault still reads.
    expect(await rotateVault({ home, env: {} })).toMatchObject({ completedInterrupted: true });
    await running.set("github", { token: "github-secret-second" });
    expect((await (await openVault({ home, env: {} })).get<{ token: string }>("github"))?.token).toBe(
      "github-secret-second",
    );
  });

  it("a process whose key comes from SRC_VAULT_KEY is told how to get the new key, never to reset", async () => {
    const key = randomBytes(32).toString("base64");
    const running = await openVault({ home, env: { SRC_VAULT_KEY: key } });
    await running.set("github", { token: "github-secret-5f1" });
    await rotateVault({ home, env: { SRC_VAULT_KEY: key }, newKeySource: { kind: "key", key: randomBytes(32) } });

    const error = (await running.get("github").catch((caught: unknown) => caught)) as Error & { code: string };
    expect(error.code).toBe(VAULT_ERROR_CODES.WRONG_KEY);
    expect(error.message).toContain("re-encrypted under another key after this process opened it");
    expect(error.message).toContain("set SRC_VAULT_KEY to the new key and restart this process");
    expect(error.message).toContain("1 credential (github) is intact");
    expect(error.message).not.toContain("vault reset");
    expect(error.message).not.toContain(key);
  });

  it("a process whose key file does not open the rotated vault says the new key is elsewhere, never to reset", async () => {
    const running = await openRunning();
    await rotateVault({
      home,
      env: {},
      newKeySource: { kind: "passphrase", passphrase: "a new passphrase" },
      scryptCost: { N: 16, r: 1, p: 1 },
    });
    const error = (await running.list().catch((caught: unknown) => caught)) as Error & { code: string };
    expect(error.code).toBe(VAULT_ERROR_CODES.WRONG_KEY);
    expect(error.message).toContain("re-encrypted after this process opened it");
    expect(error.message).not.toContain("vault reset");
  });

  it("a wrong key at start offers the reset only for a lost key, naming the credentials it would set aside", async () => {
    await openRunning();
    const error = (await openVault({ home, env: { SRC_VAULT_KEY: randomBytes(32).toString("base64") } }).catch(
      (caught: unknown) => caught,
    )) as Error & { code: string };
    expect(error.code).toBe(VAULT_ERROR_CODES.WRONG_KEY);
    expect(error.message).toContain("Only if that key is lost for good: `src vault reset --yes`");
    expect(error.message).toContain("its 2 credentials (github, stripe) can no longer be used");
  });
});
