import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

const marker = "src.vault.error.InvalidVaultKeyError";
const symbol = Symbol.for(marker);

/** A key source is malformed. `source` says which one; the key itself is never included. */
export class InvalidVaultKeyError extends VaultError {
  private readonly [symbol] = true;
  /** `SRC_VAULT_KEY`, `SRC_VAULT_PASSPHRASE`, `keySource`, or the key file path. */
  readonly source: string;

  constructor({ source, problem, file, cause }: { source: string; problem: string; file?: string | undefined; cause?: unknown }) {
    super({ code: VAULT_ERROR_CODES.INVALID_KEY, message: `${source}: ${problem}`, file, cause });
    this.name = "InvalidVaultKeyError";
    this.source = source;
  }

  static override isInstance(error: unknown): error is InvalidVaultKeyError {
    return VaultError.hasMarker(error, marker);
  }
}
