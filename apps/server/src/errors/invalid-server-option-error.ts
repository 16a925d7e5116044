import { SERVER_ERROR_CODES, ServerError } from "./server-error";

/** A start option (`--allowed-host`, `--cors-origin`) is malformed; the server does not start. */
export class InvalidServerOptionError extends ServerError {
  static override readonly marker: string = "src.server.error.InvalidServerOptionError";
  readonly option: string;

  constructor({ option, value, problem, cause }: { option: string; value: string; problem: string; cause?: unknown }) {
    super({
      code: SERVER_ERROR_CODES.INVALID_OPTION,
      message: `${option} ${JSON.stringify(value)}: ${problem}`,
      cause,
    });
    this.option = option;
  }
}
