import { EXIT_CODES, type ExitCode } from "../exit-codes";

const symbol = Symbol.for("src.cli.error");

/** Error codes of `@src/cli`, printed in `{ "error": { "code" } }` with `--json`. */
export const CLI_ERROR_CODES = {
  /** A flag or argument is wrong or missing (commander errors included). */
  USAGE: "USAGE",
  /** Fields are missing and there is no terminal to ask for them. */
  MISSING_INPUT: "MISSING_INPUT",
  /** A `--body @file` / `--raw-body @file` could not be read, or `--body` is not JSON. */
  INVALID_INPUT: "INVALID_INPUT",
  /** The person cancelled an interactive prompt. */
  CANCELLED: "CANCELLED",
  /** A module needed by the command cannot be loaded (e.g. `@src/server` for `src serve`). */
  UNAVAILABLE: "UNAVAILABLE",
} as const;

export type CliErrorCode = (typeof CLI_ERROR_CODES)[keyof typeof CLI_ERROR_CODES];

/** Base error of `@src/cli`; `CliError.isInstance` works across duplicate installs. */
export class CliError extends Error {
  private readonly [symbol] = true;
  readonly code: CliErrorCode;
  /** The process exit code this error ends with. */
  readonly exitCode: ExitCode;

  constructor({ code, message, exitCode = EXIT_CODES.USAGE, cause }: { code: CliErrorCode; message: string; exitCode?: ExitCode; cause?: unknown }) {
    super(message, { cause });
    this.name = "CliError";
    this.code = code;
    this.exitCode = exitCode;
  }

  static isInstance(error: unknown): error is CliError {
    return typeof error === "object" && error !== null && symbol in error;
  }
}
