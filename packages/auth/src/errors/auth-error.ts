import { ERROR_KINDS, errorBase } from "@src/errors";

/** One of `AUTH_ERROR_CODES`. */
export type AuthErrorCode = keyof typeof AUTH_ERROR_CODES;

/**
 * Base error of `@src/auth`, with each of its codes and the kind the apps map
 * it to (an exit code, an HTTP status; see `@src/errors`). `AuthError.isInstance`
 * works across duplicate installs.
 */
export class AuthError extends errorBase({
  name: "AuthError",
  marker: "src.auth.error",
  kindOfCode: {
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
  },
}) {}

/** Error codes of `@src/auth`, for callers that branch on them. */
export const AUTH_ERROR_CODES = AuthError.codes;
