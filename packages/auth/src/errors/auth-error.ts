const marker = "src.auth.error";
const symbol = Symbol.for(marker);

/** Error codes of `@src/auth`, for callers that branch on them. */
export const AUTH_ERROR_CODES = {
  UNKNOWN_AUTH_TYPE: "UNKNOWN_AUTH_TYPE",
  DUPLICATE_AUTH_TYPE: "DUPLICATE_AUTH_TYPE",
  INVALID_CREDENTIAL: "INVALID_CREDENTIAL",
  INVALID_PLUGIN: "INVALID_PLUGIN",
  NEEDS_AUTH: "NEEDS_AUTH",
  AUTH_SERVER_FAILED: "AUTH_SERVER_FAILED",
} as const;

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

/** Base error of `@src/auth`. `AuthError.isInstance` works across duplicate installs. */
export class AuthError extends Error {
  private readonly [symbol] = true;
  readonly code: AuthErrorCode;

  constructor({ code, message, cause }: { code: AuthErrorCode; message: string; cause?: unknown }) {
    super(message, { cause });
    this.name = "AuthError";
    this.code = code;
  }

  static isInstance(error: unknown): error is AuthError {
    return typeof error === "object" && error !== null && symbol in error;
  }
}
