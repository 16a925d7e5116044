import { createInterface } from "node:readline";
import type { Command } from "commander";
import { defineAction } from "../define-action";
import { EXIT_CODES } from "../exit-codes";
import { writeError, writeLine } from "../output/write-output";

/** What `/help` adds in the shell to the operator commands every channel has. */
const shellOnlyHelp = [
  `  ${"/exit".padEnd(22)}leave the shell (also /quit, or Ctrl-D)`,
  "The slash is optional: `tools -v` is `/tools -v`.",
].join("\n");

/**
 * `src shell`: the spec's operator commands, one per line, from stdin.
 * Blank lines and lines starting with `#` are skipped; `/exit` or end of input
 * ends it. Exit code 1 when any command failed, so scripts notice.
 */
export function registerShell(program: Command): void {
  program
    .command("shell")
    .description(
      "run operator commands (/source reload SLUG, /tools, /tools -v, /source list, /help, /exit; the slash is optional) read from stdin",
    )
    .action(
      defineAction(async (context) => {
        const service = await context.service();
        const { runOperatorCommand } = await import("@src/service");
        const terminal = process.stdin.isTTY === true && !context.json;
        const lines = createInterface({
          input: process.stdin,
          output: terminal ? process.stderr : undefined,
          terminal,
          prompt: "src> ",
        });
        let failed = false;
        if (terminal) {
          writeError("src shell: type /help for the commands, /exit or Ctrl-D to leave.");
          lines.prompt();
        }
        for await (const line of lines) {
          const trimmed = line.trim();
          // The slash is optional: "tools -v" is "/tools -v".
          const command =
            trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
          if (command === "/exit" || command === "/quit") break;
          if (command !== "" && !command.startsWith("#")) {
            const answer = await runOperatorCommand(service, command);
            const result =
              command === "/help" && answer.ok ? { ...answer, text: `${answer.text}\n${shellOnlyHelp}` } : answer;
            failed ||= !result.ok;
            if (context.json) writeLine(JSON.stringify(result));
            else (result.ok ? writeLine : writeError)(result.text);
          }
          if (terminal) lines.prompt();
        }
        lines.close();
        return failed ? EXIT_CODES.FAILURE : EXIT_CODES.SUCCESS;
      }),
    );
}
