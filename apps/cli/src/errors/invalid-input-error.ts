import { CLI_ERROR_CODES, CliError } from "./cli-error";

const marker = "src.cli.error.InvalidInputError";
const symbol = Symbol.for(marker);

/** An input value (a body, a file) cannot be used. Exit code 2. Never carries a credential. */
export class InvalidInputError extends CliError {
  private readonly [symbol] = true;
  /** The flag concerned, e.g. `--body`. */
  readonly flag: string;

  constructor({ flag, problem, cause }: { flag: string; problem: string; cause?: unknown }) {
    super({ code: CLI_ERROR_CODES.INVALID_INPUT, message: `${flag}: ${problem}`, cause });
    this.name = "InvalidInputError";
    this.flag = flag;
  }

  static override isInstance(error: unknown): error is InvalidInputError {
    return CliError.hasMarker(error, marker);
  }
}
