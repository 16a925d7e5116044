import { SrcError, type ErrorKind } from "@src/errors";
import { EXIT_CODES, type ExitCode } from "../exit-codes";

/**
 * The exit code of each kind of error, for every package at once (see
 * `@src/errors`). Bad usage or bad input, including the CLI's own settings
 * (`SRC_VAULT_KEY`, `SRC_AUTH_PLUGINS`, `--host` without a token), is 2; an
 * operation that ran but failed (the vault's WRONG_KEY, DAMAGED, LOCKED...: the
 * state on disk, not this command line) is 1; a cancelled prompt is 130.
 */
export const exitCodeOfErrorKind: Readonly<Record<ErrorKind, ExitCode>> = {
  invalid_input: EXIT_CODES.USAGE,
  not_found: EXIT_CODES.USAGE,
  conflict: EXIT_CODES.USAGE,
  misconfigured: EXIT_CODES.USAGE,
  unauthorized: EXIT_CODES.FAILURE,
  forbidden: EXIT_CODES.FAILURE,
  unavailable: EXIT_CODES.FAILURE,
  internal: EXIT_CODES.FAILURE,
  cancelled: EXIT_CODES.CANCELLED,
};

/** The code an error carries, or `ERROR` when it has none. */
export function codeOfError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code !== "" ? code : "ERROR";
}

/** The exit code for an error thrown by a command: by its kind; 1 for anything that is not an error of the src packages. */
export function exitCodeOfError(error: unknown): ExitCode {
  return SrcError.isInstance(error) ? exitCodeOfErrorKind[error.kind] : EXIT_CODES.FAILURE;
}
