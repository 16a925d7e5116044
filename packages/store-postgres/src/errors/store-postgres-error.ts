import { ERROR_KINDS, errorBase } from "@src/errors";

/** One of `STORE_POSTGRES_ERROR_CODES`. */
export type StorePostgresErrorCode = keyof typeof STORE_POSTGRES_ERROR_CODES;

/**
 * The error of `@src/store-postgres`, with each of its codes and the kind the
 * apps map it to (see `@src/errors`). `StorePostgresError.isInstance` works
 * across duplicate installs. Messages never contain a credential, a key, a
 * passphrase or the database password.
 */
export class StorePostgresError extends errorBase({
  name: "StorePostgresError",
  marker: "src.store-postgres.error",
  kindOfCode: {
    /** `SRC_STORE` / `--store` is not a `postgres://` or `postgresql://` URL. */
    INVALID_STORE_URL: ERROR_KINDS.MISCONFIGURED,
    /** No vault key in the environment: on PostgreSQL it must come from `SRC_VAULT_KEY`, `SRC_VAULT_KEYS` or `SRC_VAULT_PASSPHRASE`. */
    VAULT_KEY_REQUIRED: ERROR_KINDS.MISCONFIGURED,
    /** `SRC_VAULT_KEYS` (or `SRC_VAULT_KEY`) holds something that is not a 32-byte base64 key. */
    INVALID_VAULT_KEY: ERROR_KINDS.MISCONFIGURED,
    /** Credentials are stored under keys none of which this process has. */
    WRONG_VAULT_KEY: ERROR_KINDS.INTERNAL,
    /** A stored credential failed authentication (edited or damaged row). */
    CREDENTIAL_DAMAGED: ERROR_KINDS.INTERNAL,
    /** Another writer changed the source again and again while this update was applied; nothing was written. */
    SOURCE_CONFLICT: ERROR_KINDS.CONFLICT,
    /** The database cannot be reached, or refused the operation. */
    STORE_UNAVAILABLE: ERROR_KINDS.UNAVAILABLE,
    /** The database holds a newer schema than this version knows. */
    SCHEMA_TOO_NEW: ERROR_KINDS.MISCONFIGURED,
  },
}) {}

/** Error codes of `@src/store-postgres`, for callers that branch on them. */
export const STORE_POSTGRES_ERROR_CODES = StorePostgresError.codes;
