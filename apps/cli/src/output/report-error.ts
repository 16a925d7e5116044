import { withCliCommand } from "./cli-hint";
import { writeJson } from "./write-output";
import { codeOfError, exitCodeOfError } from "./exit-code-of-error";
import type { ExitCode } from "../exit-codes";

/**
 * Prints an error for people on stderr (`error: <message>`) and, with `--json`,
 * `{ "error": { "code", "message" } }` on stdout. Returns the exit code.
 * Messages of the packages never carry credentials; this adds nothing but them.
 */
export function reportError(error: unknown, { json }: { json: boolean }): ExitCode {
  const message = error instanceof Error ? error.message : String(error);
  const code = codeOfError(error);
  // An auth plugin's refusal (`AuthorizeError`: NEEDS_AUTH, AUTH_SERVER_FAILED) carries its own hint, e.g. "run `src auth login crm` again".
  const ownHint =
    code === "NEEDS_AUTH" || code === "AUTH_SERVER_FAILED" ? (error as { hint?: unknown }).hint : undefined;
  const text =
    typeof ownHint === "string" && ownHint !== ""
      ? `${message}; ${ownHint}`
      : withCliCommand(message, code, (error as { slug?: unknown }).slug as string | undefined);
  process.stderr.write(`error: ${text}\n`);
  if (json) writeJson({ error: { code, message } });
  return exitCodeOfError(error);
}
