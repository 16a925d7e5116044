import { CommanderError } from "commander";
import { createProgram } from "./create-program";
import { EXIT_CODES } from "./exit-codes";
import { authHelpCommandOf } from "./input/auth-help-command";
import { writeJson } from "./output/write-output";

/**
 * Runs the CLI on `argv` (as `process.argv`: node, script, arguments) and
 * resolves with the exit code. Never throws: errors are reported on stderr
 * (and as `{ "error": { "code", "message" } }` on stdout with `--json`).
 */
export async function runCli(argv: readonly string[] = process.argv): Promise<number> {
  const json = argv.includes("--json");
  try {
    const program = createProgram();
    // Only a help needs the auth modes' fields (`src source add --auth TYPE --help`); loaded then, never for --version.
    if (authHelpCommandOf(argv) !== undefined)
      await (await import("./input/prepare-auth-help")).prepareAuthHelp(program, argv);
    await program.parseAsync([...argv]);
    return typeof process.exitCode === "number" ? process.exitCode : EXIT_CODES.SUCCESS;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end with 0; every other commander error is bad usage (already printed on stderr).
      if (error.exitCode === 0) return EXIT_CODES.SUCCESS;
      if (json) writeJson({ error: { code: "USAGE", message: error.message.replace(/^error: /, "") } });
      return EXIT_CODES.USAGE;
    }
    // Loaded here: `--help` and `--version` need neither it nor @src/errors.
    const { reportError } = await import("./output/report-error");
    return reportError(error, { json });
  }
}
