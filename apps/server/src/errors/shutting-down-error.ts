import { SERVER_ERROR_CODES, ServerError } from "./server-error";

/** An agent call arrived while the server was shutting down. */
export class ShuttingDownError extends ServerError {
  static override readonly marker: string = "src.server.error.ShuttingDownError";

  constructor({ cause }: { cause?: unknown } = {}) {
    super({
      code: SERVER_ERROR_CODES.SHUTTING_DOWN,
      message: "the server is shutting down and takes no new calls; retry once it is back",
      cause,
    });
  }
}
