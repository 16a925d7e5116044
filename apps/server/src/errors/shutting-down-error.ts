import { SERVER_ERROR_CODES, ServerError } from "./server-error";

const marker = "src.server.error.ShuttingDownError";
const symbol = Symbol.for(marker);

/** An agent call arrived while the server was shutting down. */
export class ShuttingDownError extends ServerError {
  private readonly [symbol] = true;

  constructor({ cause }: { cause?: unknown } = {}) {
    super({ code: SERVER_ERROR_CODES.SHUTTING_DOWN, message: "the server is shutting down and takes no new calls; retry once it is back", cause });
    this.name = "ShuttingDownError";
  }

  static override isInstance(error: unknown): error is ShuttingDownError {
    return ServerError.hasMarker(error, marker);
  }
}
