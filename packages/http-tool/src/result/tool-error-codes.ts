/** Codes of failures without a usable response. Callers branch on these. */
export const TOOL_ERROR_CODES = {
  /** The call itself is wrong (bad path, body with GET, ...). Fix the call. */
  INVALID_CALL: "INVALID_CALL",
  /** The source is disabled. */
  SOURCE_DISABLED: "SOURCE_DISABLED",
  /** No credential is stored for the source. */
  NO_CREDENTIAL: "NO_CREDENTIAL",
  /**
   * A per-user source (`api.credentials: "per-user"`) holds no credential of the principal the agent acts for. Nothing
   * was sent, and no one else's credential was used; `error.connectUrl` (when the server could make one) is the link
   * for the person to connect their own.
   */
  NOT_CONNECTED: "NOT_CONNECTED",
  /** The upstream did not answer in time. */
  TIMEOUT: "TIMEOUT",
  /** Nothing listens at the host and port. */
  CONNECTION_REFUSED: "CONNECTION_REFUSED",
  /** The host name does not resolve. */
  DNS: "DNS",
  /** The TLS handshake failed (certificate problem). */
  TLS: "TLS",
  /** A redirect leaves the source's origin or base path and was not followed. */
  REDIRECT_BLOCKED: "REDIRECT_BLOCKED",
  /** The response is larger than `maxResponseBytes` and could not be used. */
  RESPONSE_TOO_LARGE: "RESPONSE_TOO_LARGE",
  /**
   * The source's auth plugin could not attach the credential: a token endpoint
   * refused it (an operator must sign in again; not retryable) or failed
   * (retryable). The message names the server's error code and what to run.
   */
  AUTH_FAILED: "AUTH_FAILED",
  /** The source's policy (or the caller's agent token) refuses the call; `error.rule` names the rule. Nothing was sent. */
  POLICY_DENIED: "POLICY_DENIED",
  /** A `confirm` rule matched and no person can be asked here (the HTTP API, a client without elicitation). Nothing was sent. */
  CONFIRMATION_REQUIRED: "CONFIRMATION_REQUIRED",
  /** A `confirm` rule matched and the person asked declined or cancelled. Nothing was sent. */
  CONFIRMATION_DECLINED: "CONFIRMATION_DECLINED",
  /** Over the source's or the token's rate limit; `error.retryAfterSeconds` says when to try again. Nothing was sent. */
  RATE_LIMITED: "RATE_LIMITED",
  /** Any other network failure (reset, closed socket...). */
  NETWORK: "NETWORK",
} as const;

export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[keyof typeof TOOL_ERROR_CODES];
