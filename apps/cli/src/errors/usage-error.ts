import { CLI_ERROR_CODES, CliError } from "./cli-error";

const marker = "src.cli.error.UsageError";
const symbol = Symbol.for(marker);

/** A flag or argument is wrong; the message says which and how to fix it. Exit code 2. */
export class UsageError extends CliError {
  private readonly [symbol] = true;

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ code: CLI_ERROR_CODES.USAGE, message, cause });
    this.name = "UsageError";
  }

  static override isInstance(error: unknown): error is UsageError {
    return CliError.hasMarker(error, marker);
  }
}
