import { HTTP_TOOL_ERROR_CODES, HttpToolError } from "./http-tool-error";
import type { InvalidCallReason } from "./invalid-call-reasons";

/**
 * The agent's call is wrong and nothing was sent. `reason` says why (see
 * `INVALID_CALL_REASONS`), `field` where (`path`, `query.page`, `body._rawBody`...),
 * and the message how to fix it. Never contains a secret.
 */
export class InvalidCallError extends HttpToolError {
  static override readonly marker: string = "src.http-tool.error.InvalidCallError";
  readonly reason: InvalidCallReason;
  /** The call field at fault, e.g. `path` or `query.api_key`. */
  readonly field: string;

  constructor({
    reason,
    field,
    message,
    cause,
  }: {
    reason: InvalidCallReason;
    field: string;
    message: string;
    cause?: unknown;
  }) {
    super({ code: HTTP_TOOL_ERROR_CODES.INVALID_CALL, message, cause });
    this.reason = reason;
    this.field = field;
  }
}
