import { ERROR_KINDS, errorBase } from "@src/errors";
import type { ExitCode } from "../exit-codes";
import { exitCodeOfErrorKind } from "../output/exit-code-of-error";

/** One of `CLI_ERROR_CODES`. */
export type CliErrorCode = keyof typeof CLI_ERROR_CODES;

/**
 * Base error of `@src/cli`, with each of its codes and the kind that gives its
 * exit code (see `@src/errors`). `CliError.isInstance` works across duplicate installs.
 */
export class CliError extends errorBase({
  name: "CliError",
  marker: "src.cli.error",
  kindOfCode: {
    /** A flag or argument is wrong or missing (commander errors included). */
    USAGE: ERROR_KINDS.INVALID_INPUT,
    /** Fields are missing and there is no terminal to ask for them. */
    MISSING_INPUT: ERROR_KINDS.INVALID_INPUT,
    /** A `--body @file` / `--raw-body @file` could not be read, or `--body` is not JSON. */
    INVALID_INPUT: ERROR_KINDS.INVALID_INPUT,
    /** The person cancelled an interactive prompt. */
    CANCELLED: ERROR_KINDS.CANCELLED,
    /** A module needed by the command cannot be loaded (e.g. `@src/server` for `src serve`). */
    UNAVAILABLE: ERROR_KINDS.INTERNAL,
  },
}) {
  /** The process exit code this error ends with, from its kind. */
  get exitCode(): ExitCode {
    return exitCodeOfErrorKind[this.kind];
  }
}

/** Error codes of `@src/cli`, printed in `{ "error": { "code" } }` with `--json`. */
export const CLI_ERROR_CODES = CliError.codes;
