import { declareError } from "@src/errors";
import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/** The vault exists but the key file it needs does not. No new key is created, since it could not open the vault. */
export class VaultKeyMissingError extends declareError(VaultError, {
  marker: "src.vault.error.VaultKeyMissingError",
  code: VAULT_ERROR_CODES.KEY_MISSING,
  message: ({ file, keyFile }: { file: string; keyFile: string }) =>
    `the vault ${file} exists but its key file ${keyFile} does not. Restore the key file from a backup, ` +
    "or set SRC_VAULT_KEY or SRC_VAULT_PASSPHRASE to the key the vault was created with. The vault was not changed.",
}) {}
