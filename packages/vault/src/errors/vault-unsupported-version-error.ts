import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

const marker = "src.vault.error.VaultUnsupportedVersionError";
const symbol = Symbol.for(marker);

/** The vault was written by a format version this package cannot read. */
export class VaultUnsupportedVersionError extends VaultError {
  private readonly [symbol] = true;
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
    this.name = "VaultUnsupportedVersionError";
    this.version = version;
  }

  static override isInstance(error: unknown): error is VaultUnsupportedVersionError {
    return VaultError.hasMarker(error, marker);
  }
}
