import { AUTH_ERROR_CODES, AuthError } from "./auth-error";

/** What an `authorize` failure means for the call: the operator must act, or the auth server failed. */
export type AuthorizeFailureOutcome = "needs_auth" | "failed";

/**
 * Thrown by a v2 plugin's hook when it cannot authorize the request: the
 * credential was refused (`needs_auth`: an `invalid_client`, a revoked refresh
 * token) or the authorization server failed (`failed`: unreachable, 5xx). The
 * call reports it under that outcome with `serverError` and `hint`; the message
 * holds no secret.
 */
export class AuthorizeError extends AuthError {
  static override readonly marker: string = "src.auth.error.AuthorizeError";
  readonly outcome: AuthorizeFailureOutcome;
  /** The authorization server's own error code (`invalid_grant`), when it gave one. */
  readonly serverError: string | undefined;
  /** What to do next, e.g. "run `src auth login github` to sign in again". */
  readonly hint: string;
  /** Whether trying again later may help (the server failed, nothing was refused). */
  readonly retryable: boolean;

  constructor({
    outcome,
    message,
    hint,
    serverError,
    cause,
  }: {
    outcome: AuthorizeFailureOutcome;
    message: string;
    hint: string;
    serverError?: string | undefined;
    cause?: unknown;
  }) {
    super({
      code: outcome === "needs_auth" ? AUTH_ERROR_CODES.NEEDS_AUTH : AUTH_ERROR_CODES.AUTH_SERVER_FAILED,
      message,
      cause,
    });
    this.outcome = outcome;
    this.serverError = serverError;
    this.hint = hint;
    this.retryable = outcome === "failed";
  }
}
