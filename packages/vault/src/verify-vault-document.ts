import { openEntry } from "./entry-cipher";
import { entriesMacMatches } from "./entries-mac";
import { VaultDamagedError } from "./errors/vault-damaged-error";
import type { VaultSubkeys } from "./key-derivation";
import type { VaultDocument } from "./vault-format";

/** What the reader saw last time, to notice a file rolled back to an older copy of itself. */
export interface SeenGeneration {
  readonly vaultId: Buffer;
  readonly generation: number;
}

/**
 * Authenticates a parsed document whose key check already passed: first the
 * entry set (`entriesMac`, from format version 2 on; a version 1 file has none),
 * then every entry, then that the file did not go back to an older generation
 * than this process saw. Returns the plaintexts only when all of it holds;
 * otherwise `VaultDamagedError`.
 */
export function verifyVaultDocument({
  document,
  keys,
  file,
  seen,
}: {
  document: VaultDocument;
  keys: VaultSubkeys;
  file: string;
  seen: SeenGeneration | undefined;
}): Map<string, string> {
  const { header, entries, generation, entriesMac } = document;
  const binding = { formatVersion: header.version, vaultId: header.vaultId, generation, entries };
  const setIsAuthentic =
    entriesMac === undefined ? header.version === 1 : entriesMacMatches(keys.entriesMacKey, binding, entriesMac);
  if (!setIsAuthentic) {
    // Decrypting here only serves the message: an entry that fails on its own is named, which tells the person more.
    openEveryEntry(document, keys, file);
    throw new VaultDamagedError({
      file,
      location: "entriesMac",
      problem:
        "entries were removed, added or replaced without the key (an entry deleted, rolled back to an older sealed version, or copied in from elsewhere)",
    });
  }
  if (seen !== undefined && seen.vaultId.equals(header.vaultId) && generation < seen.generation) {
    throw new VaultDamagedError({
      file,
      location: "generation",
      problem: `the file went back to an older version of itself (generation ${generation}, this process already read ${seen.generation}); if you restored a backup on purpose, restart this process`,
    });
  }
  return openEveryEntry(document, keys, file);
}

function openEveryEntry({ header, entries }: VaultDocument, keys: VaultSubkeys, file: string): Map<string, string> {
  const plaintexts = new Map<string, string>();
  for (const [slug, entry] of entries) {
    try {
      plaintexts.set(
        slug,
        openEntry(keys.entryKey, entry, { formatVersion: header.version, vaultId: header.vaultId, slug }),
      );
    } catch (error) {
      throw new VaultDamagedError({
        file,
        location: `entries.${slug}`,
        problem:
          "the entry fails authentication (its nonce, tag, ciphertext or updatedAt was altered, or it was copied from another slug or vault)",
        cause: error,
      });
    }
  }
  return plaintexts;
}
