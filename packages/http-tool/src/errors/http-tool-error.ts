import { ERROR_KINDS, errorBase, type ErrorKind } from "@src/errors";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ToolErrorCode } from "../result/tool-error-codes";

/** One of `HTTP_TOOL_ERROR_CODES`. */
export type HttpToolErrorCode = ToolErrorCode;

/**
 * Base error of `@src/http-tool`, with the kind of each of its codes, which the
 * apps map once to an exit code and an HTTP status (see `@src/errors`).
 * `HttpToolError.isInstance` works across duplicate installs.
 */
export class HttpToolError extends errorBase({
  name: "HttpToolError",
  marker: "src.http-tool.error",
  kindOfCode: {
    INVALID_CALL: ERROR_KINDS.INVALID_INPUT,
    // The source cannot be called until an operator enables it or stores its credential.
    SOURCE_DISABLED: ERROR_KINDS.UNAVAILABLE,
    NO_CREDENTIAL: ERROR_KINDS.UNAVAILABLE,
    NOT_CONNECTED: ERROR_KINDS.UNAVAILABLE,
    // A v2 plugin could not attach the credential (refused by the authorization server, or it failed): an operator signs in again, or it is retried later.
    AUTH_FAILED: ERROR_KINDS.UNAVAILABLE,
    TIMEOUT: ERROR_KINDS.UNAVAILABLE,
    CONNECTION_REFUSED: ERROR_KINDS.UNAVAILABLE,
    DNS: ERROR_KINDS.UNAVAILABLE,
    TLS: ERROR_KINDS.INTERNAL,
    REDIRECT_BLOCKED: ERROR_KINDS.FORBIDDEN,
    RESPONSE_TOO_LARGE: ERROR_KINDS.INTERNAL,
    // The source's policy refused, or a person did not confirm: nothing was sent (the server answers 403).
    POLICY_DENIED: ERROR_KINDS.FORBIDDEN,
    CONFIRMATION_REQUIRED: ERROR_KINDS.FORBIDDEN,
    CONFIRMATION_DECLINED: ERROR_KINDS.FORBIDDEN,
    // Over a rate limit: retrying later works (the server answers 429 with Retry-After).
    RATE_LIMITED: ERROR_KINDS.UNAVAILABLE,
    /** Also `AuthPluginHeaderError`: a plugin that set a header only the service may set. */
    NETWORK: ERROR_KINDS.INTERNAL,
  } satisfies Record<ToolErrorCode, ErrorKind>,
}) {}

/**
 * Error codes of `@src/http-tool`, for callers that branch on them. The same
 * codes the agent sees in `ToolResult.error.code`.
 */
export const HTTP_TOOL_ERROR_CODES = TOOL_ERROR_CODES;
