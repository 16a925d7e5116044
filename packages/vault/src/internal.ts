// `@src/vault/internal`: the building blocks another credential store (`@src/store-postgres`) reuses so its entries
// are encrypted exactly like the vault file's. No semver promise: these names may change in any minor version.

export { type EntryBinding, type SealedEntry, openEntry, sealEntry } from "./entry-cipher";
export {
  type VaultSubkeys,
  computeKeyCheck,
  deriveKeyFromPassphrase,
  deriveSubkeys,
  keyCheckMatches,
} from "./key-derivation";
export { VAULT_KEY_BYTES, checkKeySource, decodeVaultKey } from "./key-source";
export { checkCredential } from "./vault";
export { assertVaultSlug } from "./slug";
export { assertPrincipal, connectionEntryName, readConnectionPlaintext, sealableConnection } from "./connection-entry";
export { credentialLockOptions } from "./credential-lock";
