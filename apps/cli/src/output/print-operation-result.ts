import type { SourceOperationResult } from "@src/service";
import type { CommandContext } from "../command-context";
import { EXIT_CODES, type ExitCode } from "../exit-codes";
import { writeError, writeJson, writeLine } from "./write-output";

/**
 * Prints `{ source, validation }` (`--json`) or the validation outcome for
 * people, and returns 0 when connected or not tested, 1 otherwise.
 */
export async function printOperationResult(context: CommandContext, result: SourceOperationResult, headline: string): Promise<ExitCode> {
  const ok = result.validation === null || result.validation.ok;
  if (context.json) {
    writeJson({ source: result.source, validation: result.validation });
  } else {
    const { formatValidationOutcome } = await import("@src/service");
    writeLine(headline);
    (ok ? writeLine : writeError)(formatValidationOutcome(result.source.slug, result.validation));
  }
  return ok ? EXIT_CODES.SUCCESS : EXIT_CODES.FAILURE;
}
