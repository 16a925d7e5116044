import { ERROR_KINDS, errorBase, type PackageErrorOptions } from "@src/errors";

/** One of `VAULT_ERROR_CODES`. */
export type VaultErrorCode = keyof typeof VAULT_ERROR_CODES;

/**
 * Base error of `@src/vault`, with each of its codes and the kind the apps map
 * it to (an exit code, an HTTP status; see `@src/errors`). `VaultError.isInstance`
 * works across duplicate installs. Messages never contain a credential, key or passphrase.
 */
export class VaultError extends errorBase({
  name: "VaultError",
  marker: "src.vault.error",
  kindOfCode: {
    // The state on disk, not the caller's input (the operation failed): WRONG_KEY, DAMAGED, UNSUPPORTED_VERSION, KEY_MISSING, UNSAFE_FILE.
    /** The key or passphrase does not match the vault's key check. */
    WRONG_KEY: ERROR_KINDS.INTERNAL,
    /** The vault file exists but is not a readable vault (empty, truncated, edited, damaged entry). */
    DAMAGED: ERROR_KINDS.INTERNAL,
    /** The vault file was written by a newer format this version cannot read. */
    UNSUPPORTED_VERSION: ERROR_KINDS.INTERNAL,
    /** Another process held the vault lock for longer than the lock timeout. */
    LOCKED: ERROR_KINDS.UNAVAILABLE,
    /** A key given by `SRC_VAULT_KEY`, `SRC_VAULT_PASSPHRASE`, a key file or the `keySource` option is malformed. */
    INVALID_KEY: ERROR_KINDS.MISCONFIGURED,
    /** The vault exists but its key (the key file) is not there. */
    KEY_MISSING: ERROR_KINDS.INTERNAL,
    /** A credential does not match the schema it was checked against, or is not a plain object. */
    INVALID_CREDENTIAL: ERROR_KINDS.INVALID_INPUT,
    /** A slug is not a valid vault entry name. */
    INVALID_SLUG: ERROR_KINDS.INVALID_INPUT,
    /** A principal (who a per-user credential belongs to) is empty, too long, or has spaces or control characters. */
    INVALID_PRINCIPAL: ERROR_KINDS.INVALID_INPUT,
    /** The vault file or key file is a symbolic link, not a regular file, or (key file) readable by others. */
    UNSAFE_FILE: ERROR_KINDS.INTERNAL,
  },
}) {
  /** The vault file concerned, when there is one. */
  readonly file: string | undefined;

  constructor({ file, ...options }: PackageErrorOptions<VaultErrorCode> & { file?: string | undefined }) {
    super(options);
    this.file = file;
  }
}

/** Error codes of `@src/vault`, for callers that branch on them. */
export const VAULT_ERROR_CODES = VaultError.codes;
