import { CLI_ERROR_CODES, CliError } from "./cli-error";

/** An input value (a body, a file) cannot be used. Exit code 2. Never carries a credential. */
export class InvalidInputError extends CliError {
  static override readonly marker: string = "src.cli.error.InvalidInputError";
  /** The flag concerned, e.g. `--body`. */
  readonly flag: string;

  constructor({ flag, problem, cause }: { flag: string; problem: string; cause?: unknown }) {
    super({ code: CLI_ERROR_CODES.INVALID_INPUT, message: `${flag}: ${problem}`, cause });
    this.flag = flag;
  }
}
