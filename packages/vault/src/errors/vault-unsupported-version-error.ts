import { declareError } from "@src/errors";
import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/** The vault was written by a format version this package cannot read. */
export class VaultUnsupportedVersionError extends declareError(VaultError, {
  marker: "src.vault.error.VaultUnsupportedVersionError",
  code: VAULT_ERROR_CODES.UNSUPPORTED_VERSION,
  message: ({ file, version }: { file: string; version: unknown }) =>
    `the vault file ${file} has format version ${JSON.stringify(version)}, which this version of @src/vault cannot read ` +
    "(it reads version 1). Upgrade @src/vault; the file was not changed.",
}) {}
