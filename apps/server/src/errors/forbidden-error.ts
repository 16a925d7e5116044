import { SERVER_ERROR_CODES, ServerError } from "./server-error";

/** An agent token asked for a route or a source it is not allowed. HTTP 403. */
export class ForbiddenError extends ServerError {
  static override readonly marker: string = "src.server.error.ForbiddenError";

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ code: SERVER_ERROR_CODES.FORBIDDEN, message, cause });
  }
}
