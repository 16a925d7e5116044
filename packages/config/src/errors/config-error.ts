import { ERROR_KINDS, errorBase } from "@src/errors";

/** One of `CONFIG_ERROR_CODES`. */
export type ConfigErrorCode = keyof typeof CONFIG_ERROR_CODES;

/**
 * Base error of `@src/config`, with each of its codes and the kind the apps map
 * it to (an exit code, an HTTP status; see `@src/errors`). `ConfigError.isInstance`
 * works across duplicate installs.
 */
export class ConfigError extends errorBase({
  name: "ConfigError",
  marker: "src.config.error",
  kindOfCode: {
    /** A source record (or a change to one) breaks the schema; see `issues`. */
    INVALID_SOURCE: ERROR_KINDS.INVALID_INPUT,
    /** No `config.json` exists for the slug. */
    SOURCE_NOT_FOUND: ERROR_KINDS.NOT_FOUND,
    /** A source with the slug already exists. */
    DUPLICATE_SLUG: ERROR_KINDS.CONFLICT,
    /** Another process held the source's write lock for too long, or the lock was lost; nothing was written. */
    SOURCE_LOCKED: ERROR_KINDS.UNAVAILABLE,
    /** The sign-ins file is locked by another process for too long, or cannot be read. */
    SIGN_INS_UNAVAILABLE: ERROR_KINDS.UNAVAILABLE,
    /** The connect links file is locked by another process for too long, or cannot be read. */
    CONNECT_LINKS_UNAVAILABLE: ERROR_KINDS.UNAVAILABLE,
  },
}) {}

/** Error codes of `@src/config`, for callers that branch on them. */
export const CONFIG_ERROR_CODES = ConfigError.codes;
