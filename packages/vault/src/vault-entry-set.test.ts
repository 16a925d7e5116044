import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { openVault, VAULT_ERROR_CODES, VaultDamagedError } from "@src/vault";
import type { Vault } from "@src/vault";
import { createTemporaryHome, useTemporaryHome } from "../test/helpers";

interface StoredVault {
  generation: number;
  entries: Record<string, unknown>;
}

const key = randomBytes(32);
let home: string;
let file: string;
let vault: Vault;
useTemporaryHome((made) => ({ home, file } = made));
beforeEach(async () => {
  vault = await openVault({ home, keySource: { kind: "key", key } });
  await vault.set("alpha", { token: "alpha-secret-1" });
  await vault.set("beta", { token: "beta-secret" });
});

const readStored = async () => JSON.parse(await readFile(file, "utf8")) as StoredVault;

/** Writes `edited`, then expects a fresh and the already open `Vault` to refuse reads and writes, leaving the bytes as written. */
async function expectRefusedUnchanged(edited: StoredVault, location: string) {
  const bytes = Buffer.from(JSON.stringify(edited, null, 2));
  await writeFile(file, bytes);
  const error = await openVault({ home, keySource: { kind: "key", key } }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(VaultDamagedError);
  expect((error as VaultDamagedError).location).toBe(location);
  expect((error as Error).message).toContain(file);
  if (location === "entriesMac")
    expect((error as Error).message).toContain("entries were removed, added or replaced without the key");
  await expect(vault.get("beta")).rejects.toMatchObject({ code: VAULT_ERROR_CODES.DAMAGED });
  await expect(vault.set("gamma", { token: "new" })).rejects.toMatchObject({ code: VAULT_ERROR_CODES.DAMAGED });
  await expect(vault.delete("beta")).rejects.toMatchObject({ code: VAULT_ERROR_CODES.DAMAGED });
  await expect(vault.rotate({ kind: "key", key: randomBytes(32) })).rejects.toMatchObject({
    code: VAULT_ERROR_CODES.DAMAGED,
  });
  expect((await readFile(file)).equals(bytes)).toBe(true);
}

describe("the set of entries is authenticated", () => {
  it("each write bumps the generation", async () => {
    expect((await readStored()).generation).toBe(2);
    await vault.delete("beta");
    expect((await readStored()).generation).toBe(3);
    expect(await vault.delete("beta")).toBe(false);
    expect((await readStored()).generation).toBe(3);
  });

  it("deleting one entry from the file is detected", async () => {
    const edited = await readStored();
    delete edited.entries.alpha;
    await expectRefusedUnchanged(edited, "entriesMac");
  });

  it("rolling an entry back to an older sealed version of itself is detected", async () => {
    const before = await readStored();
    await vault.set("alpha", { token: "alpha-secret-2" });
    const after = await readStored();
    after.entries.alpha = before.entries.alpha;
    await expectRefusedUnchanged(after, "entriesMac");
  });

  it("an entry deleted later, spliced back in, is detected", async () => {
    await vault.set("gamma", { token: "gamma-secret" });
    const withGamma = await readStored();
    await vault.delete("gamma");
    const edited = await readStored();
    edited.entries.gamma = withGamma.entries.gamma;
    await expectRefusedUnchanged(edited, "entriesMac");
  });

  it("an entry copied from another vault (same key) is detected", async () => {
    const other = await createTemporaryHome();
    try {
      const otherVault = await openVault({ home: other.home, keySource: { kind: "key", key } });
      await otherVault.set("gamma", { token: "other-vault-secret" });
      const edited = await readStored();
      edited.entries.gamma = (JSON.parse(await readFile(other.file, "utf8")) as StoredVault).entries.gamma;
      await expectRefusedUnchanged(edited, "entries.gamma");
    } finally {
      await other.cleanup();
    }
  });

  it("a whole file put back to an older copy is refused by a process that read a newer one", async () => {
    const older = await readFile(file);
    await vault.set("alpha", { token: "alpha-secret-2" });
    await writeFile(file, older);
    const error = await vault.get("alpha").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: VAULT_ERROR_CODES.DAMAGED, location: "generation" });
    await expect(vault.set("gamma", { token: "new" })).rejects.toMatchObject({ code: VAULT_ERROR_CODES.DAMAGED });
    expect((await readFile(file)).equals(older)).toBe(true);
    // a new process has nothing to compare with: the older copy is a valid vault (documented limit)
    expect(
      (await (await openVault({ home, keySource: { kind: "key", key } })).get<{ token: string }>("alpha"))?.token,
    ).toBe("alpha-secret-1");
  });
});
