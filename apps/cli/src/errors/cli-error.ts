import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";
import type { ExitCode } from "../exit-codes";
import { exitCodeOfErrorKind } from "../output/exit-code-of-error";

const marker = "src.cli.error";
const symbol = Symbol.for(marker);

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

/** The kind of each code, which the apps map once to an exit code and an HTTP status (see `@src/errors`). */
const kindOfCode: Record<CliErrorCode, ErrorKind> = {
  USAGE: ERROR_KINDS.INVALID_INPUT,
  MISSING_INPUT: ERROR_KINDS.INVALID_INPUT,
  INVALID_INPUT: ERROR_KINDS.INVALID_INPUT,
  CANCELLED: ERROR_KINDS.CANCELLED,
  UNAVAILABLE: ERROR_KINDS.INTERNAL,
};

/** Base error of `@src/cli`; `CliError.isInstance` works across duplicate installs. */
export class CliError extends SrcError<CliErrorCode> {
  private readonly [symbol] = true;

  constructor({ code, message, cause }: { code: CliErrorCode; message: string; cause?: unknown }) {
    super({ code, kind: kindOfCode[code], message, cause });
    this.name = "CliError";
  }

  /** The process exit code this error ends with, from its kind. */
  get exitCode(): ExitCode {
    return exitCodeOfErrorKind[this.kind];
  }

  static override isInstance(error: unknown): error is CliError {
    return SrcError.hasMarker(error, marker);
  }
}
