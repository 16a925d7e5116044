import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

const marker = "src.vault.error.VaultLockedError";
const symbol = Symbol.for(marker);

/** Another process kept the vault locked for longer than `lockTimeoutMs`. Nothing was written. */
export class VaultLockedError extends VaultError {
  private readonly [symbol] = true;
  readonly lockFile: string;

  constructor({ file, lockFile, timeoutMs, staleMs, cause }: { file: string; lockFile: string; timeoutMs: number; staleMs: number; cause?: unknown }) {
    super({
      code: VAULT_ERROR_CODES.LOCKED,
      message:
        `the vault ${file} is locked by another process (lock ${lockFile}) and was not released within ${timeoutMs} ms. ` +
        `Nothing was written; try again. A lock left by a crashed process is taken over once it is ${Math.round(staleMs / 1000)} s old.`,
      file,
      cause,
    });
    this.name = "VaultLockedError";
    this.lockFile = lockFile;
  }

  static override isInstance(error: unknown): error is VaultLockedError {
    return VaultError.hasMarker(error, marker);
  }
}
