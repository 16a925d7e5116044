import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";

const marker = "src.config.error";
const symbol = Symbol.for(marker);

/** Error codes of `@src/config`, for callers that branch on them. */
export const CONFIG_ERROR_CODES = {
  /** A source record (or a change to one) breaks the schema; see `issues`. */
  INVALID_SOURCE: "INVALID_SOURCE",
  /** No `config.json` exists for the slug. */
  SOURCE_NOT_FOUND: "SOURCE_NOT_FOUND",
  /** A source with the slug already exists. */
  DUPLICATE_SLUG: "DUPLICATE_SLUG",
  /** Another process held the source's write lock for too long, or the lock was lost; nothing was written. */
  SOURCE_LOCKED: "SOURCE_LOCKED",
  /** The sign-ins file is locked by another process for too long, or cannot be read. */
  SIGN_INS_UNAVAILABLE: "SIGN_INS_UNAVAILABLE",
} as const;

export type ConfigErrorCode = (typeof CONFIG_ERROR_CODES)[keyof typeof CONFIG_ERROR_CODES];

/** The kind of each code, which the apps map once to an exit code and an HTTP status (see `@src/errors`). */
const kindOfCode: Record<ConfigErrorCode, ErrorKind> = {
  INVALID_SOURCE: ERROR_KINDS.INVALID_INPUT,
  SOURCE_NOT_FOUND: ERROR_KINDS.NOT_FOUND,
  DUPLICATE_SLUG: ERROR_KINDS.CONFLICT,
  SOURCE_LOCKED: ERROR_KINDS.UNAVAILABLE,
  SIGN_INS_UNAVAILABLE: ERROR_KINDS.UNAVAILABLE,
};

/** Base error of `@src/config`. `ConfigError.isInstance` works across duplicate installs. */
export class ConfigError extends SrcError<ConfigErrorCode> {
  private readonly [symbol] = true;

  constructor({ code, message, cause }: { code: ConfigErrorCode; message: string; cause?: unknown }) {
    super({ code, kind: kindOfCode[code], message, cause });
    this.name = "ConfigError";
  }

  static override isInstance(error: unknown): error is ConfigError {
    return SrcError.hasMarker(error, marker);
  }
}
