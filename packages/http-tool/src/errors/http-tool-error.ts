import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ToolErrorCode } from "../result/tool-error-codes";

const marker = "src.http-tool.error";
const symbol = Symbol.for(marker);

/**
 * Error codes of `@src/http-tool`, for callers that branch on them. The same
 * codes the agent sees in `ToolResult.error.code`.
 */
export const HTTP_TOOL_ERROR_CODES = TOOL_ERROR_CODES;

export type HttpToolErrorCode = ToolErrorCode;

/** The kind of each code, which the apps map once to an exit code and an HTTP status (see `@src/errors`). */
const kindOfCode: Record<HttpToolErrorCode, ErrorKind> = {
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
};

/** Base error of `@src/http-tool`. `HttpToolError.isInstance` works across duplicate installs. */
export class HttpToolError extends SrcError<HttpToolErrorCode> {
  private readonly [symbol] = true;

  constructor({ code, message, cause }: { code: HttpToolErrorCode; message: string; cause?: unknown }) {
    super({ code, kind: kindOfCode[code], message, cause });
    this.name = "HttpToolError";
  }

  static override isInstance(error: unknown): error is HttpToolError {
    return SrcError.hasMarker(error, marker);
  }
}
