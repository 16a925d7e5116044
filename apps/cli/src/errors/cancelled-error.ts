import { CLI_ERROR_CODES, CliError } from "./cli-error";

const marker = "src.cli.error.CancelledError";
const symbol = Symbol.for(marker);

/** The person cancelled a prompt. Exit code 130; nothing was written. */
export class CancelledError extends CliError {
  private readonly [symbol] = true;

  constructor({ cause }: { cause?: unknown } = {}) {
    super({ code: CLI_ERROR_CODES.CANCELLED, message: "cancelled; nothing was changed", cause });
    this.name = "CancelledError";
  }

  static override isInstance(error: unknown): error is CancelledError {
    return CliError.hasMarker(error, marker);
  }
}
