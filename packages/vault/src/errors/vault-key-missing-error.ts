import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

const marker = "src.vault.error.VaultKeyMissingError";
const symbol = Symbol.for(marker);

/** The vault exists but the key file it needs does not. No new key is created, since it could not open the vault. */
export class VaultKeyMissingError extends VaultError {
  private readonly [symbol] = true;
  readonly keyFile: string;

  constructor({ file, keyFile, cause }: { file: string; keyFile: string; cause?: unknown }) {
    super({
      code: VAULT_ERROR_CODES.KEY_MISSING,
      message:
        `the vault ${file} exists but its key file ${keyFile} does not. Restore the key file from a backup, ` +
        "or set SRC_VAULT_KEY or SRC_VAULT_PASSPHRASE to the key the vault was created with. The vault was not changed.",
      file,
      cause,
    });
    this.name = "VaultKeyMissingError";
    this.keyFile = keyFile;
  }

  static override isInstance(error: unknown): error is VaultKeyMissingError {
    return VaultError.hasMarker(error, marker);
  }
}
