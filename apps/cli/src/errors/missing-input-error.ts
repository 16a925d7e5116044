import { CLI_ERROR_CODES, CliError } from "./cli-error";

/** Required fields are missing and stdin is not a terminal to ask for them. Exit code 2. */
export class MissingInputError extends CliError {
  static override readonly marker: string = "src.cli.error.MissingInputError";
  /** The flags that would supply the missing fields, e.g. `--base-url`. */
  readonly flags: readonly string[];

  constructor({ command, flags, cause }: { command: string; flags: readonly string[]; cause?: unknown }) {
    super({
      code: CLI_ERROR_CODES.MISSING_INPUT,
      message: `${command}: missing ${flags.join(", ")}; pass ${flags.length === 1 ? "it" : "them"} as flags, or run in a terminal to be asked`,
      cause,
    });
    this.flags = flags;
  }
}
