import type { SealedEntry } from "./entry-cipher";
import { sealEntry } from "./entry-cipher";
import type { VaultSubkeys } from "./key-derivation";
import { computeKeyCheck } from "./key-derivation";
import type { VaultHeader } from "./vault-format";
import { VAULT_FORMAT_VERSION, headerBinding } from "./vault-format";

/** The parts of a vault that change when it moves to the current format. */
export interface UpgradableContents {
  header: VaultHeader;
  keys: VaultSubkeys;
  entries: Map<string, SealedEntry>;
  plaintexts: Map<string, string>;
}

/**
 * Moves contents read from an older format (version 1) to the current one, in
 * place, before a write: a new key check over the new version, and every entry
 * sealed again (fresh nonce) with the new version in its associated data,
 * keeping its `updatedAt`. Same vault id and key. Contents already current are left as they are.
 */
export function upgradeToCurrentFormat(contents: UpgradableContents): void {
  if (contents.header.version === VAULT_FORMAT_VERSION) return;
  const unsigned = { version: VAULT_FORMAT_VERSION, vaultId: contents.header.vaultId, kdf: contents.header.kdf };
  contents.header = { ...unsigned, keyCheck: computeKeyCheck(contents.keys.checkKey, headerBinding(unsigned)) };
  for (const [slug, plaintext] of contents.plaintexts) {
    const updatedAt = contents.entries.get(slug)?.updatedAt ?? new Date().toISOString();
    contents.entries.set(
      slug,
      sealEntry(contents.keys.entryKey, plaintext, {
        formatVersion: VAULT_FORMAT_VERSION,
        vaultId: unsigned.vaultId,
        slug,
        updatedAt,
      }),
    );
  }
}
