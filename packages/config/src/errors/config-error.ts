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
} as const;

export type ConfigErrorCode = (typeof CONFIG_ERROR_CODES)[keyof typeof CONFIG_ERROR_CODES];

/** Base error of `@src/config`. `ConfigError.isInstance` works across duplicate installs. */
export class ConfigError extends Error {
  private readonly [symbol] = true;
  readonly code: ConfigErrorCode;

  constructor({ code, message, cause }: { code: ConfigErrorCode; message: string; cause?: unknown }) {
    super(message, { cause });
    this.name = "ConfigError";
    this.code = code;
  }

  static isInstance(error: unknown): error is ConfigError {
    return typeof error === "object" && error !== null && symbol in error;
  }
}
