import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";

const marker = "src.store-postgres.error";
const symbol = Symbol.for(marker);

/** Error codes of `@src/store-postgres`, for callers that branch on them. */
export const STORE_POSTGRES_ERROR_CODES = {
  /** `SRC_STORE` / `--store` is not a `postgres://` or `postgresql://` URL. */
  INVALID_STORE_URL: "INVALID_STORE_URL",
  /** No vault key in the environment: on PostgreSQL it must come from `SRC_VAULT_KEY`, `SRC_VAULT_KEYS` or `SRC_VAULT_PASSPHRASE`. */
  VAULT_KEY_REQUIRED: "VAULT_KEY_REQUIRED",
  /** `SRC_VAULT_KEYS` (or `SRC_VAULT_KEY`) holds something that is not a 32-byte base64 key. */
  INVALID_VAULT_KEY: "INVALID_VAULT_KEY",
  /** Credentials are stored under keys none of which this process has. */
  WRONG_VAULT_KEY: "WRONG_VAULT_KEY",
  /** A stored credential failed authentication (edited or damaged row). */
  CREDENTIAL_DAMAGED: "CREDENTIAL_DAMAGED",
  /** Another writer changed the source again and again while this update was applied; nothing was written. */
  SOURCE_CONFLICT: "SOURCE_CONFLICT",
  /** The database cannot be reached, or refused the operation. */
  STORE_UNAVAILABLE: "STORE_UNAVAILABLE",
  /** The database holds a newer schema than this version knows. */
  SCHEMA_TOO_NEW: "SCHEMA_TOO_NEW",
} as const;

export type StorePostgresErrorCode = (typeof STORE_POSTGRES_ERROR_CODES)[keyof typeof STORE_POSTGRES_ERROR_CODES];

const kindOfCode: Record<StorePostgresErrorCode, ErrorKind> = {
  INVALID_STORE_URL: ERROR_KINDS.MISCONFIGURED,
  VAULT_KEY_REQUIRED: ERROR_KINDS.MISCONFIGURED,
  INVALID_VAULT_KEY: ERROR_KINDS.MISCONFIGURED,
  WRONG_VAULT_KEY: ERROR_KINDS.INTERNAL,
  CREDENTIAL_DAMAGED: ERROR_KINDS.INTERNAL,
  SOURCE_CONFLICT: ERROR_KINDS.CONFLICT,
  STORE_UNAVAILABLE: ERROR_KINDS.UNAVAILABLE,
  SCHEMA_TOO_NEW: ERROR_KINDS.MISCONFIGURED,
};

/**
 * The error of `@src/store-postgres`. `StorePostgresError.isInstance` works
 * across duplicate installs. Messages never contain a credential, a key, a
 * passphrase or the database password.
 */
export class StorePostgresError extends SrcError<StorePostgresErrorCode> {
  private readonly [symbol] = true;

  constructor({ code, message, cause }: { code: StorePostgresErrorCode; message: string; cause?: unknown }) {
    super({ code, kind: kindOfCode[code], message, cause });
    this.name = "StorePostgresError";
  }

  static override isInstance(error: unknown): error is StorePostgresError {
    return SrcError.hasMarker(error, marker);
  }
}
