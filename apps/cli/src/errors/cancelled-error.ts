import { CLI_ERROR_CODES, CliError } from "./cli-error";

/** The person cancelled a prompt. Exit code 130; nothing was written. */
export class CancelledError extends CliError {
  static override readonly marker: string = "src.cli.error.CancelledError";

  constructor({ cause }: { cause?: unknown } = {}) {
    super({ code: CLI_ERROR_CODES.CANCELLED, message: "cancelled; nothing was changed", cause });
  }
}
