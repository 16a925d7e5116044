import { lostKeyAdvice } from "../wrong-key-advice";
import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/** The key or passphrase given does not open this vault. The file is left untouched. */
export class VaultKeyMismatchError extends VaultError {
  static override readonly marker: string = "src.vault.error.VaultKeyMismatchError";

  constructor({ file, hint, cause }: { file: string; hint?: string | undefined; cause?: unknown }) {
    super({
      code: VAULT_ERROR_CODES.WRONG_KEY,
      message:
        `the vault key does not match this vault (${file}). ` +
        (hint ??
          "Use the key it was created with (SRC_VAULT_KEY, SRC_VAULT_PASSPHRASE or the key file $SRC_HOME/vault.key); " +
            "if you are sure the key is right, the vault header was altered. The file was not changed. " +
            lostKeyAdvice(undefined)),
      file,
      cause,
    });
  }
}
