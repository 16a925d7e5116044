import { CLI_ERROR_CODES, CliError } from "./cli-error";

/** A flag or argument is wrong; the message says which and how to fix it. Exit code 2. */
export class UsageError extends CliError {
  static override readonly marker: string = "src.cli.error.UsageError";

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ code: CLI_ERROR_CODES.USAGE, message, cause });
  }
}
