export { type OpenVaultOptions, openVault } from "./open-vault";
export { type ResetVaultOptions, resetVault } from "./reset-vault";
export { type RotateVaultOptions, type RotateVaultResult, rotateVault } from "./rotate-vault";
export type {
  CredentialLockName,
  CredentialVault,
  VaultConnectionEntry,
  VaultListEntry,
  VaultSetOptions,
} from "./credential-vault";
export { Vault } from "./vault";
export { type VaultKeyEnvironment, type VaultKeySource, resolveKeySource } from "./key-source";
export { type ScryptCost, defaultScryptCost } from "./key-derivation";
export { type VaultCredential, createRedactedCredential, REDACTED } from "./redacted-credential";
export { VAULT_FORMAT_VERSION } from "./vault-format";
export { vaultLockPath } from "./vault-lock";
export { type VaultErrorCode, VAULT_ERROR_CODES, VaultError } from "./errors/vault-error";
export { VaultKeyMismatchError } from "./errors/vault-key-mismatch-error";
export { VaultDamagedError } from "./errors/vault-damaged-error";
export { VaultUnsupportedVersionError } from "./errors/vault-unsupported-version-error";
export { VaultLockedError } from "./errors/vault-locked-error";
export { InvalidVaultKeyError } from "./errors/invalid-vault-key-error";
export { VaultKeyMissingError } from "./errors/vault-key-missing-error";
export { InvalidVaultCredentialError } from "./errors/invalid-vault-credential-error";
export { InvalidVaultSlugError } from "./errors/invalid-vault-slug-error";
export { VaultUnsafeFileError } from "./errors/vault-unsafe-file-error";
