import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/** Another process kept the vault locked for longer than `lockTimeoutMs`. Nothing was written. */
export class VaultLockedError extends VaultError {
  static override readonly marker: string = "src.vault.error.VaultLockedError";
  readonly lockFile: string;

  constructor({
    file,
    lockFile,
    timeoutMs,
    staleMs,
    cause,
  }: {
    file: string;
    lockFile: string;
    timeoutMs: number;
    staleMs: number;
    cause?: unknown;
  }) {
    super({
      code: VAULT_ERROR_CODES.LOCKED,
      message:
        `the vault ${file} is locked by another process (lock ${lockFile}) and was not released within ${timeoutMs} ms. ` +
        `Nothing was written; try again. A lock left by a crashed process is taken over once it is ${Math.round(staleMs / 1000)} s old.`,
      file,
      cause,
    });
    this.lockFile = lockFile;
  }
}
