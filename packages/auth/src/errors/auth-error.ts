import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";

const marker = "src.auth.error";
const symbol = Symbol.for(marker);

/** Error codes of `@src/auth`, for callers that branch on them. */
export const AUTH_ERROR_CODES = {
  UNKNOWN_AUTH_TYPE: "UNKNOWN_AUTH_TYPE",
  DUPLICATE_AUTH_TYPE: "DUPLICATE_AUTH_TYPE",
  INVALID_CREDENTIAL: "INVALID_CREDENTIAL",
  INVALID_PLUGIN: "INVALID_PLUGIN",
  INVALID_CONFIG: "INVALID_CONFIG",
  NEEDS_AUTH: "NEEDS_AUTH",
  AUTH_SERVER_FAILED: "AUTH_SERVER_FAILED",
} as const;

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

/** The kind of each code, which the apps map once to an exit code and an HTTP status (see `@src/errors`). */
const kindOfCode: Record<AuthErrorCode, ErrorKind> = {
  UNKNOWN_AUTH_TYPE: ERROR_KINDS.INVALID_INPUT,
  /** Two plugins registered with one type: the program that builds the registry is at fault. */
  DUPLICATE_AUTH_TYPE: ERROR_KINDS.INTERNAL,
  INVALID_CREDENTIAL: ERROR_KINDS.INVALID_INPUT,
  /** A plugin that does not implement the contract is a bug in the plugin. */
  INVALID_PLUGIN: ERROR_KINDS.INTERNAL,
  /** A field of the source's `api` block that the server it names rules out (a grant it does not offer). */
  INVALID_CONFIG: ERROR_KINDS.INVALID_INPUT,
  /** A v2 plugin's credential was refused by the authorization server (revoked, expired refresh token): store it again or sign in again. */
  NEEDS_AUTH: ERROR_KINDS.INVALID_INPUT,
  /** The authorization server failed (unreachable, 5xx); trying again later can work. */
  AUTH_SERVER_FAILED: ERROR_KINDS.UNAVAILABLE,
};

/** Base error of `@src/auth`. `AuthError.isInstance` works across duplicate installs. */
export class AuthError extends SrcError<AuthErrorCode> {
  private readonly [symbol] = true;

  constructor({ code, message, cause }: { code: AuthErrorCode; message: string; cause?: unknown }) {
    super({ code, kind: kindOfCode[code], message, cause });
    this.name = "AuthError";
  }

  static override isInstance(error: unknown): error is AuthError {
    return SrcError.hasMarker(error, marker);
  }
}
