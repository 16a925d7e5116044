import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { openVault, VAULT_ERROR_CODES, type Vault } from "@src/vault";
import { computeEntriesMac } from "./entries-mac";
import { deriveSubkeys } from "./key-derivation";
import { connectionEntryName } from "./connection-entry";
import { useTemporaryHome } from "../test/helpers";

interface StoredVault {
  vaultId: string;
  generation: number;
  entriesMac: string;
  entries: Record<string, { nonce: string; tag: string; ciphertext: string; updatedAt: string }>;
}

let home: string;
let file: string;
let key: Buffer;
let vault: Vault;

useTemporaryHome((made) => ({ home, file } = made));
/** Opens this test's vault with its key, as another process on the home would. */
const reopen = () => openVault({ home, env: { SRC_VAULT_KEY: key.toString("base64") } });
beforeEach(async () => {
  key = randomBytes(32);
  vault = await reopen();
});

/** Writes `stored` back with a correct entriesMac, as someone holding the key could: only the entries' own binding stands. */
async function writeWithValidMac(stored: StoredVault): Promise<void> {
  const keys = deriveSubkeys(key, Buffer.from(stored.vaultId, "base64"));
  const entries = new Map(
    Object.entries(stored.entries).map(([name, entry]) => [
      name,
      {
        nonce: Buffer.from(entry.nonce, "base64"),
        tag: Buffer.from(entry.tag, "base64"),
        ciphertext: Buffer.from(entry.ciphertext, "base64"),
        updatedAt: entry.updatedAt,
      },
    ]),
  );
  stored.entriesMac = computeEntriesMac(keys.entriesMacKey, {
    formatVersion: 2,
    vaultId: Buffer.from(stored.vaultId, "base64"),
    generation: stored.generation,
    entries,
  }).toString("base64");
  await writeFile(file, JSON.stringify(stored));
}

/** Two people's own upstream tokens: each may be read back by its principal only, and never stands in the file. */
const aliceKey = "alice-github-token-3f9a1c";
const bobKey = "bob-github-token-7d2e5b";

describe("per-principal credentials in the vault file", () => {
  it("keeps each principal's credential apart from the shared one and from each other's", async () => {
    await vault.set("github", { token: "shared-service-account" });
    await vault.setConnection("github", "idp:alice", { token: aliceKey });
    await vault.setConnection("github", "token:bob-desk", { token: bobKey });

    const again = await reopen();
    expect({ ...(await again.getConnection("github", "idp:alice")) }).toEqual({ token: aliceKey });
    expect({ ...(await again.getConnection("github", "token:bob-desk")) }).toEqual({ token: bobKey });
    expect(await again.getConnection("github", "idp:carol")).toBeUndefined();
    expect({ ...(await again.get("github")) }).toEqual({ token: "shared-service-account" });
    // The shared listing stays the sources' own; connections are listed apart, without values.
    expect((await again.list()).map((entry) => entry.slug)).toEqual(["github"]);
    const connections = await again.listConnections();
    expect(connections.map(({ slug, principal }) => ({ slug, principal }))).toEqual([
      { slug: "github", principal: "idp:alice" },
      { slug: "github", principal: "token:bob-desk" },
    ]);
    expect(JSON.stringify(connections)).not.toContain(aliceKey);
    expect((await again.listConnections({ principal: "idp:alice" })).map((entry) => entry.principal)).toEqual([
      "idp:alice",
    ]);
    expect(await again.listConnections({ slug: "jira" })).toEqual([]);

    const text = await readFile(file, "utf8");
    for (const secret of [aliceKey, bobKey, "idp:alice", "bob-desk"]) expect(text).not.toContain(secret);
  });

  it("removes one principal's credential, or every one of a source", async () => {
    await vault.setConnection("github", "idp:alice", { token: aliceKey });
    await vault.setConnection("github", "idp:bob", { token: bobKey });
    await vault.setConnection("jira", "idp:bob", { token: bobKey });
    expect(await vault.deleteConnection("github", "idp:alice")).toBe(true);
    expect(await vault.deleteConnection("github", "idp:alice")).toBe(false);
    expect(await vault.getConnection("github", "idp:alice")).toBeUndefined();
    expect(await vault.deleteConnections("github")).toBe(1);
    expect((await (await reopen()).listConnections()).map(({ slug, principal }) => `${slug} ${principal}`)).toEqual([
      "jira idp:bob",
    ]);
  });

  it("refuses a credential moved to another principal's entry, even with the file's MAC made good again", async () => {
    await vault.setConnection("github", "idp:alice", { token: aliceKey });
    await vault.setConnection("github", "idp:mallory", { token: "mallory-own" });
    const stored = JSON.parse(await readFile(file, "utf8")) as StoredVault;
    stored.entries[connectionEntryName("github", "idp:mallory")] =
      stored.entries[connectionEntryName("github", "idp:alice")]!;
    await writeWithValidMac(stored);
    const error = await reopen().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: VAULT_ERROR_CODES.DAMAGED });
    expect((error as Error).message).toContain(`entries.${connectionEntryName("github", "idp:mallory")}`);
    expect((error as Error).message).not.toContain(aliceKey);
  });

  it("refuses a shared credential moved into a principal's entry", async () => {
    await vault.set("github", { token: "shared-service-account" });
    await vault.setConnection("github", "idp:mallory", { token: "mallory-own" });
    const stored = JSON.parse(await readFile(file, "utf8")) as StoredVault;
    stored.entries[connectionEntryName("github", "idp:mallory")] = stored.entries.github!;
    await writeWithValidMac(stored);
    await expect(reopen()).rejects.toMatchObject({ code: VAULT_ERROR_CODES.DAMAGED });
  });

  it("refuses a bad principal and a connection's name as a shared slug, naming what to do", async () => {
    await expect(vault.setConnection("github", "has space", { token: "x" })).rejects.toMatchObject({
      code: VAULT_ERROR_CODES.INVALID_PRINCIPAL,
      message: expect.stringContaining("printable characters"),
    });
    await expect(vault.setConnection("github", "", { token: "x" })).rejects.toMatchObject({
      code: VAULT_ERROR_CODES.INVALID_PRINCIPAL,
    });
    await expect(vault.set(connectionEntryName("github", "idp:alice"), { token: "x" })).rejects.toMatchObject({
      code: VAULT_ERROR_CODES.INVALID_SLUG,
    });
    await expect(vault.getConnection("GitHub", "idp:alice")).rejects.toMatchObject({
      code: VAULT_ERROR_CODES.INVALID_SLUG,
    });
    expect(await vault.listConnections()).toEqual([]);
  });

  it("keeps connections through a key rotation", async () => {
    await vault.setConnection("github", "idp:alice", { token: aliceKey });
    const newKey = randomBytes(32);
    await vault.rotate({ kind: "key", key: newKey });
    const rotated = await openVault({ home, env: { SRC_VAULT_KEY: newKey.toString("base64") } });
    expect({ ...(await rotated.getConnection("github", "idp:alice")) }).toEqual({ token: aliceKey });
  });
});
