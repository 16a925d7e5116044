import { CliError } from "../errors/cli-error";
import { EXIT_CODES, type ExitCode } from "../exit-codes";

/**
 * Codes of errors thrown by the packages that mean "bad usage or bad input"
 * (exit 2). Every other error means the operation ran but failed (exit 1):
 * among them the vault's WRONG_KEY, KEY_MISSING, DAMAGED, LOCKED and
 * UNSUPPORTED_VERSION, which are about the state on disk, not this command line.
 */
const usageCodes: ReadonlySet<string> = new Set([
  // @src/config
  "INVALID_SOURCE",
  "SOURCE_NOT_FOUND",
  "DUPLICATE_SLUG",
  // @src/auth (and @src/vault's INVALID_CREDENTIAL)
  "INVALID_CREDENTIAL",
  "UNKNOWN_AUTH_TYPE",
  // @src/vault: a malformed SRC_VAULT_KEY / SRC_VAULT_PASSPHRASE, or a slug it cannot store
  "INVALID_KEY",
  "INVALID_SLUG",
  // @src/service
  "UNKNOWN_TOOL",
  "UNKNOWN_COMMAND",
  "CREDENTIAL_REQUIRED",
  "INVALID_IMPORT",
  // @src/service: a module named in SRC_AUTH_PLUGINS is missing, fails to import, or exports no valid plugin
  "AUTH_PLUGIN_NOT_FOUND",
  "AUTH_PLUGIN_LOAD_FAILED",
  "AUTH_PLUGIN_NOT_EXPORTED",
  "AUTH_PLUGIN_INVALID",
  // @src/http-tool
  "INVALID_CALL",
  // @src/server (`src serve`): a non-loopback --host without SRC_SERVER_TOKEN, or a malformed SRC_SERVER_TOKEN
  "TOKEN_REQUIRED",
  "INVALID_TOKEN",
]);

/** The code an error carries, or `ERROR` when it has none. */
export function codeOfError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code !== "" ? code : "ERROR";
}

/** The exit code for an error thrown by a command. */
export function exitCodeOfError(error: unknown): ExitCode {
  if (CliError.isInstance(error)) return error.exitCode;
  return usageCodes.has(codeOfError(error)) ? EXIT_CODES.USAGE : EXIT_CODES.FAILURE;
}
