import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/** A key source is malformed. `source` says which one; the key itself is never included. */
export class InvalidVaultKeyError extends VaultError {
  static override readonly marker: string = "src.vault.error.InvalidVaultKeyError";
  /** `SRC_VAULT_KEY`, `SRC_VAULT_PASSPHRASE`, `keySource`, or the key file path. */
  readonly source: string;

  constructor({
    source,
    problem,
    file,
    cause,
  }: {
    source: string;
    problem: string;
    file?: string | undefined;
    cause?: unknown;
  }) {
    super({ code: VAULT_ERROR_CODES.INVALID_KEY, message: `${source}: ${problem}`, file, cause });
    this.source = source;
  }
}
