import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";

const marker = "src.vault.error";
const symbol = Symbol.for(marker);

/** Error codes of `@src/vault`, for callers that branch on them. */
export const VAULT_ERROR_CODES = {
  /** The key or passphrase does not match the vault's key check. */
  WRONG_KEY: "WRONG_KEY",
  /** The vault file exists but is not a readable vault (empty, truncated, edited, damaged entry). */
  DAMAGED: "DAMAGED",
  /** The vault file was written by a newer format this version cannot read. */
  UNSUPPORTED_VERSION: "UNSUPPORTED_VERSION",
  /** Another process held the vault lock for longer than the lock timeout. */
  LOCKED: "LOCKED",
  /** A key given by `SRC_VAULT_KEY`, a key file or the `keySource` option is malformed. */
  INVALID_KEY: "INVALID_KEY",
  /** The vault exists but its key (the key file) is not there. */
  KEY_MISSING: "KEY_MISSING",
  /** A credential does not match the schema it was checked against, or is not a plain object. */
  INVALID_CREDENTIAL: "INVALID_CREDENTIAL",
  /** A slug is not a valid vault entry name. */
  INVALID_SLUG: "INVALID_SLUG",
  /** A principal (who a per-user credential belongs to) is empty, too long, or has spaces or control characters. */
  INVALID_PRINCIPAL: "INVALID_PRINCIPAL",
  /** The vault file or key file is a symbolic link, not a regular file, or (key file) readable by others. */
  UNSAFE_FILE: "UNSAFE_FILE",
} as const;

export type VaultErrorCode = (typeof VAULT_ERROR_CODES)[keyof typeof VAULT_ERROR_CODES];

/** The kind of each code, which the apps map once to an exit code and an HTTP status (see `@src/errors`). */
const kindOfCode: Record<VaultErrorCode, ErrorKind> = {
  // The state on disk, not the caller's input: the operation failed.
  WRONG_KEY: ERROR_KINDS.INTERNAL,
  DAMAGED: ERROR_KINDS.INTERNAL,
  UNSUPPORTED_VERSION: ERROR_KINDS.INTERNAL,
  KEY_MISSING: ERROR_KINDS.INTERNAL,
  UNSAFE_FILE: ERROR_KINDS.INTERNAL,
  LOCKED: ERROR_KINDS.UNAVAILABLE,
  /** A malformed SRC_VAULT_KEY / SRC_VAULT_PASSPHRASE, key file or `keySource`. */
  INVALID_KEY: ERROR_KINDS.MISCONFIGURED,
  INVALID_CREDENTIAL: ERROR_KINDS.INVALID_INPUT,
  INVALID_SLUG: ERROR_KINDS.INVALID_INPUT,
  INVALID_PRINCIPAL: ERROR_KINDS.INVALID_INPUT,
};

/**
 * Base error of `@src/vault`. `VaultError.isInstance` works across duplicate
 * installs. Messages never contain a credential, key or passphrase.
 */
export class VaultError extends SrcError<VaultErrorCode> {
  private readonly [symbol] = true;
  /** The vault file concerned, when there is one. */
  readonly file: string | undefined;

  constructor({ code, message, file, cause }: { code: VaultErrorCode; message: string; file?: string | undefined; cause?: unknown }) {
    super({ code, kind: kindOfCode[code], message, cause });
    this.name = "VaultError";
    this.file = file;
  }

  static override isInstance(error: unknown): error is VaultError {
    return SrcError.hasMarker(error, marker);
  }
}
