import { lstat } from "node:fs/promises";
import { lstatSync } from "node:fs";
import type { SealedEntry } from "./entry-cipher";
import { signatureOf } from "./file-signature";
import type { VaultSubkeys } from "./key-derivation";
import { openPrivateFile } from "./open-private-file";
import type { VaultHeader } from "./vault-format";
import { parseVaultFile } from "./vault-format";
import type { VaultKeyring } from "./vault-keyring";
import { verifyVaultDocument } from "./verify-vault-document";

/** A vault as read and verified: header, unlocked keys, sealed entries and their plaintexts. */
export interface VaultState {
  /** Identifies the file version read (device, inode, size, times); a different value means the file changed. */
  readonly signature: string;
  readonly header: VaultHeader;
  /** The file's write counter (0 for a version 1 file). */
  readonly generation: number;
  readonly keys: VaultSubkeys;
  readonly entries: ReadonlyMap<string, SealedEntry>;
  readonly plaintexts: ReadonlyMap<string, string>;
}

/** lstat, not stat: a file replaced by a symbolic link gets a new signature, is re-read and refused. */
function quickSignature(file: string): string | undefined {
  try {
    return signatureOf(lstatSync(file));
  } catch {
    return undefined;
  }
}

/** The signature of the file now (after a write, under the lock). */
export async function fileSignature(file: string): Promise<string> {
  return signatureOf(await lstat(file));
}

/**
 * Reads, parses, unlocks and verifies the vault file, or returns `undefined`
 * when nothing is at its path. Returns `previous` when the file has not changed
 * since it was read. A symbolic link (even dangling) or a non-regular file is a
 * `VaultUnsafeFileError`; an entry set or an entry that fails authentication,
 * or a generation older than `previous`, is `VaultDamagedError`, so nothing is
 * written over it.
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
  // Fast path for the hot read path (every agent call): a synchronous lstat costs
  // a few microseconds and avoids opening the file when nothing changed.
  if (previous !== undefined && quickSignature(file) === previous.signature) return previous;
  const opened = await openPrivateFile(file, { role: "vault file" });
  if (opened === undefined) return undefined;
  let text: string;
  const signature = signatureOf(opened.stats);
  try {
    if (previous?.signature === signature) return previous;
    text = await opened.handle.readFile("utf8");
  } finally {
    await opened.handle.close();
  }
  const document = parseVaultFile(text, file);
  const rotatedSinceOpened = previous !== undefined && !previous.header.vaultId.equals(document.header.vaultId);
  const keys = await keyring.unlock(document.header, file, {
    storedSlugs: [...document.entries.keys()],
    rotatedSinceOpened,
  });
  const seen =
    previous === undefined ? undefined : { vaultId: previous.header.vaultId, generation: previous.generation };
  const plaintexts = verifyVaultDocument({ document, keys, file, seen });
  return {
    signature,
    header: document.header,
    generation: document.generation,
    keys,
    entries: document.entries,
    plaintexts,
  };
}
