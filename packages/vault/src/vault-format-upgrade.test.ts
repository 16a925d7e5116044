import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { openVault, VAULT_FORMAT_VERSION } from "@src/vault";
import { sealEntry } from "./entry-cipher";
import { computeKeyCheck, deriveSubkeys } from "./key-derivation";
import { headerBinding } from "./vault-format";
import { useTemporaryHome } from "../test/helpers";

let home: string;
let file: string;
useTemporaryHome((made) => ({ home, file } = made));

/** A version 1 file as the previous release wrote it: no generation, no entriesMac. */
function versionOneFile(key: Buffer, credentials: Record<string, Record<string, string>>): string {
  const vaultId = randomBytes(16);
  const keys = deriveSubkeys(key, vaultId);
  const unsigned = { version: 1, vaultId, kdf: { name: "none" as const } };
  const entries: Record<string, unknown> = {};
  for (const [slug, credential] of Object.entries(credentials)) {
    const sealed = sealEntry(keys.entryKey, JSON.stringify(credential), {
      formatVersion: 1,
      vaultId,
      slug,
      updatedAt: "2025-01-01T00:00:00.000Z",
    });
    entries[slug] = {
      nonce: sealed.nonce.toString("base64"),
      tag: sealed.tag.toString("base64"),
      ciphertext: sealed.ciphertext.toString("base64"),
      updatedAt: sealed.updatedAt,
    };
  }
  const keyCheck = computeKeyCheck(keys.checkKey, headerBinding(unsigned)).toString("base64");
  return JSON.stringify({
    format: "src-vault",
    version: 1,
    vaultId: vaultId.toString("base64"),
    kdf: { name: "none" },
    keyCheck,
    entries,
  });
}

describe("format version 1", () => {
  it("is read as is, without a write, and upgraded to the current version by the next write", async () => {
    const key = randomBytes(32);
    const original = versionOneFile(key, { alpha: { token: "alpha-secret" }, beta: { token: "beta-secret" } });
    await writeFile(file, original, { mode: 0o600 });
    const vault = await openVault({ home, keySource: { kind: "key", key } });
    expect((await vault.get<{ token: string }>("alpha"))?.token).toBe("alpha-secret");
    expect(await readFile(file, "utf8")).toBe(original);

    await vault.set("gamma", { token: "gamma-secret" });
    const upgraded = JSON.parse(await readFile(file, "utf8")) as {
      version: number;
      generation: number;
      entriesMac: string;
      entries: Record<string, { updatedAt: string }>;
    };
    expect(upgraded).toMatchObject({ version: VAULT_FORMAT_VERSION, generation: 1 });
    expect(upgraded.entriesMac).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(upgraded.entries.alpha?.updatedAt).toBe("2025-01-01T00:00:00.000Z");
    const reopened = await openVault({ home, keySource: { kind: "key", key } });
    expect((await reopened.list()).map((entry) => entry.slug)).toEqual(["alpha", "beta", "gamma"]);
    expect((await reopened.get<{ token: string }>("beta"))?.token).toBe("beta-secret");
    // the running process refuses the version 1 copy put back: it is an older generation
    await writeFile(file, original);
    await expect(vault.get("alpha")).rejects.toMatchObject({ location: "generation" });
  });
});
