import { HTTP_TOOL_ERROR_CODES, HttpToolError } from "./http-tool-error";
import type { InvalidCallReason } from "./invalid-call-reasons";

const marker = "src.http-tool.error.InvalidCallError";
const symbol = Symbol.for(marker);

/**
 * The agent's call is wrong and nothing was sent. `reason` says why (see
 * `INVALID_CALL_REASONS`), `field` where (`path`, `query.page`, `body._rawBody`...),
 * and the message how to fix it. Never contains a secret.
 */
export class InvalidCallError extends HttpToolError {
  private readonly [symbol] = true;
  readonly reason: InvalidCallReason;
  /** The call field at fault, e.g. `path` or `query.api_key`. */
  readonly field: string;

  constructor({ reason, field, message, cause }: { reason: InvalidCallReason; field: string; message: string; cause?: unknown }) {
    super({ code: HTTP_TOOL_ERROR_CODES.INVALID_CALL, message, cause });
    this.name = "InvalidCallError";
    this.reason = reason;
    this.field = field;
  }

  static override isInstance(error: unknown): error is InvalidCallError {
    return HttpToolError.hasMarker(error, marker);
  }
}
