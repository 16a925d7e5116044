import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { openVault, VaultKeyMismatchError, VAULT_ERROR_CODES } from "@src/vault";
import type { Vault } from "@src/vault";
import { runChild, testScryptCost, useTemporaryHome } from "../test/helpers";

let home: string;
let file: string;
useTemporaryHome((made) => ({ home, file } = made));

// large values, so that a rotation takes long enough to be killed in the middle
const secretOf = (index: number) => `secret-${index}-${"x".repeat(4096)}`;

async function expectAllEntries(vault: Vault, count: number) {
  expect(await vault.list()).toHaveLength(count);
  for (let index = 0; index < count; index += 1)
    expect((await vault.get<{ token: string }>(`entry-${index}`))?.token).toBe(secretOf(index));
}

describe("rotate", () => {
  it("re-encrypts every entry: the old key fails, the new one reads everything, updatedAt is kept", async () => {
    const vault = await openVault({ home, env: {}, scryptCost: testScryptCost });
    for (let index = 0; index < 5; index += 1) await vault.set(`entry-${index}`, { token: secretOf(index) });
    const listedBefore = await vault.list();
    const headerBefore = JSON.parse(await readFile(file, "utf8")) as { vaultId: string };

    await vault.rotate({ kind: "passphrase", passphrase: "new passphrase" });
    await expectAllEntries(vault, 5);
    expect(await vault.list()).toEqual(listedBefore);
    const headerAfter = JSON.parse(await readFile(file, "utf8")) as { vaultId: string; kdf: { name: string } };
    expect(headerAfter.vaultId).not.toBe(headerBefore.vaultId);
    expect(headerAfter.kdf.name).toBe("scrypt");

    await expect(openVault({ home, env: {} })).rejects.toBeInstanceOf(VaultKeyMismatchError);
    await expect(
      openVault({ home, env: { SRC_VAULT_PASSPHRASE: "old" }, scryptCost: testScryptCost }),
    ).rejects.toMatchObject({ code: VAULT_ERROR_CODES.WRONG_KEY });
    await expectAllEntries(await openVault({ home, env: { SRC_VAULT_PASSPHRASE: "new passphrase" } }), 5);
    // the rotated Vault keeps writing under the new key
    await vault.set("entry-5", { token: secretOf(5) });
    await expectAllEntries(await openVault({ home, env: { SRC_VAULT_PASSPHRASE: "new passphrase" } }), 6);
  });

  it("rotates to a new key file, creating it", async () => {
    const vault = await openVault({ home, env: {} });
    await vault.set("entry-0", { token: secretOf(0) });
    await vault.rotate({ kind: "keyFile", file: `${home}/next.key` });
    await expect(openVault({ home, env: {} })).rejects.toBeInstanceOf(VaultKeyMismatchError);
    await expectAllEntries(
      await openVault({ home, env: {}, keySource: { kind: "keyFile", file: `${home}/next.key` } }),
      1,
    );
  });

  it("a rotation killed with SIGKILL at random moments leaves the old or the new vault readable, never neither", async () => {
    const count = 40;
    let key = randomBytes(32);
    const seeded = await openVault({ home, env: {}, keySource: { kind: "key", key } });
    for (let index = 0; index < count; index += 1) await seededSet(seeded, index);
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const next = randomBytes(32);
      const child = runChild("rotate-key.ts", [], {
        SRC_HOME: home,
        SRC_VAULT_KEY: key.toString("base64"),
        SRC_VAULT_NEW_KEY: next.toString("base64"),
      });
      await child.waitForLine("ready");
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
      child.kill("SIGKILL");
      await child.exited;
      const opened = await Promise.allSettled(
        [key, next].map((candidate) => openVault({ home, env: {}, keySource: { kind: "key", key: candidate } })),
      );
      const readable = opened.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
      expect(readable, `round ${round}: exactly one of old and new key must open the vault`).toHaveLength(1);
      for (const result of opened)
        if (result.status === "rejected") expect(result.reason).toBeInstanceOf(VaultKeyMismatchError);
      if (child.lines.includes("rotated")) expect(opened[1]!.status).toBe("fulfilled");
      await expectAllEntries(readable[0]!, count);
      outcomes.push(opened[0]!.status === "fulfilled" ? "old" : "new");
      if (opened[1]!.status === "fulfilled") key = next;
      // the killed child may have left its lock behind; it is stale
      await rm(`${file}.lock`, { recursive: true, force: true });
    }
    expect(outcomes).toHaveLength(8);
    // Eight child processes started through tsx: on a loaded 2-core CI machine each can take several seconds to start.
  }, 240_000);
});

async function seededSet(vault: Vault, index: number) {
  await vault.set(`entry-${index}`, { token: secretOf(index) });
}
