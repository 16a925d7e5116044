import { open, stat } from "node:fs/promises";
import { statSync, type Stats } from "node:fs";
import type { SealedEntry } from "./entry-cipher";
import { openEntry } from "./entry-cipher";
import { VaultDamagedError } from "./errors/vault-damaged-error";
import type { VaultSubkeys } from "./key-derivation";
import type { VaultHeader } from "./vault-format";
import { parseVaultFile } from "./vault-format";
import type { VaultKeyring } from "./vault-keyring";

/** A vault as read and verified: header, unlocked keys, sealed entries and their plaintexts. */
export interface VaultState {
  /** Identifies the file version read (device, inode, size, times); a different value means the file changed. */
  readonly signature: string;
  readonly header: VaultHeader;
  readonly keys: VaultSubkeys;
  readonly entries: ReadonlyMap<string, SealedEntry>;
  readonly plaintexts: ReadonlyMap<string, string>;
}

function signatureOf(stats: Stats): string {
  return [stats.dev, stats.ino, stats.size, stats.mtimeMs, stats.ctimeMs].join(":");
}

function quickSignature(file: string): string | undefined {
  try {
    return signatureOf(statSync(file));
  } catch {
    return undefined;
  }
}

/** The signature of the file now (after a write, under the lock). */
export async function fileSignature(file: string): Promise<string> {
  return signatureOf(await stat(file));
}

/**
 * Reads, parses, unlocks and verifies the vault file, or returns `undefined`
 * when it does not exist. Returns `previous` when the file has not changed
 * since it was read. Every entry is authenticated: one damaged entry makes
 * the whole vault `VaultDamagedError`, so nothing is written over it.
 */
export async function readVaultState({
  file,
  keyring,
  previous,
}: {
  file: string;
  keyring: VaultKeyring;
  previous: VaultState | undefined;
}): Promise<VaultState | undefined> {
  // Fast path for the hot read path (every agent call): a synchronous stat costs
  // a few microseconds and avoids opening the file when nothing changed.
  if (previous !== undefined && quickSignature(file) === previous.signature) return previous;
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let text: string;
  let signature: string;
  try {
    signature = signatureOf(await handle.stat());
    if (previous?.signature === signature) return previous;
    text = await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
  const document = parseVaultFile(text, file);
  const keys = await keyring.unlock(document.header, file);
  const plaintexts = new Map<string, string>();
  for (const [slug, entry] of document.entries) {
    try {
      plaintexts.set(slug, openEntry(keys.entryKey, entry, { formatVersion: document.header.version, vaultId: document.header.vaultId, slug }));
    } catch (error) {
      throw new VaultDamagedError({
        file,
        location: `entries.${slug}`,
        problem: "the entry fails authentication (its nonce, tag, ciphertext or updatedAt was altered, or it was copied from another slug or vault)",
        cause: error,
      });
    }
  }
  return { signature, header: document.header, keys, entries: document.entries, plaintexts };
}
