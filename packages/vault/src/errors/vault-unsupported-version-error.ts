import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/** The vault was written by a format version this package cannot read. */
export class VaultUnsupportedVersionError extends VaultError {
  static override readonly marker: string = "src.vault.error.VaultUnsupportedVersionError";
  readonly version: unknown;

  constructor({ file, version, cause }: { file: string; version: unknown; cause?: unknown }) {
    super({
      code: VAULT_ERROR_CODES.UNSUPPORTED_VERSION,
      message:
        `the vault file ${file} has format version ${JSON.stringify(version)}, which this version of @src/vault cannot read ` +
        "(it reads version 1). Upgrade @src/vault; the file was not changed.",
      file,
      cause,
    });
    this.version = version;
  }
}
