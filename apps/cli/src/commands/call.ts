import type { Command } from "commander";
import { defineAction } from "../define-action";
import { EXIT_CODES } from "../exit-codes";
import { collectQuery, type QueryFlags } from "../input/collect-query";
import { readBodyFlags, type BodyFlags } from "../input/read-body-flags";
import { escapeTerminalControls } from "../output/escape-terminal-controls";
import { cliHintFor, inCallFlagWords } from "../output/cli-hint";
import { formatCallResult } from "../output/format-call-result";
import { withProgress } from "../output/with-progress";
import { writeError, writeJson, writeLine } from "../output/write-output";
import { terminalConfirmer } from "../input/terminal-confirmer";

interface CallFlags extends BodyFlags {
  query?: QueryFlags;
  yes?: boolean;
}

/** `src call SLUG METHOD PATH`: runs exactly what an agent's call runs. */
export function registerCall(program: Command): void {
  program
    .command("call")
    .description("call a source as an agent does and print the agent's result")
    .argument("<slug>", "the source (or its tool name, api_<slug>)")
    .argument("<method>", "GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS")
    .argument("<path>", 'path relative to the base URL, e.g. "/items"')
    .option("-q, --query <key=value>", "query parameter; repeat it, the same key twice makes an array", collectQuery)
    .option("--body <json>", "JSON body, or @file to read it from a file")
    .option("--raw-body <text>", "body sent as it stands (XML, form data, text), or @file")
    .option("--content-type <type>", "Content-Type of the raw body, e.g. application/xml")
    .option("-y, --yes", "confirm a call the source's policy asks a person to confirm (api.policy.confirm) without asking; without it, a terminal asks yes/no, and elsewhere the call is refused (CONFIRMATION_REQUIRED)")
    .action(
      defineAction<CallFlags>(async (context, flags, [slug, method, path]) => {
        const input = { method, path, ...(flags.query === undefined ? {} : { query: flags.query }), ...(await readBodyFlags(flags)) };
        const service = await context.operations({ auditChannel: "cli" });
        // A question replaces the spinner: the spinner is not shown where a person may be asked (a terminal without --yes).
        const confirm = terminalConfirmer({ yes: flags.yes === true, interactive: context.interactive });
        const run = () => service.callTool(slug!, input, confirm === undefined ? {} : { confirm });
        const result = confirm !== undefined && flags.yes !== true ? await run() : await withProgress(context, `${method!.toUpperCase()} ${path}`, run);
        if (context.json) writeJson(result);
        else writeLine(formatCallResult(result, { withError: false }));
        if (result.ok) return EXIT_CODES.SUCCESS;
        // Said once, on stderr, in the command line's words, with the CLI's next step when the package message names none.
        if (result.error === undefined) {
          writeError(`error: the API answered HTTP ${result.status}`);
        } else {
          const { slugOfToolName } = await import("@src/service");
          const hint = cliHintFor(result.error.code, slugOfToolName(slug!) ?? slug);
          const retryable = result.error.retryable ? " (retryable)" : "";
          writeError(escapeTerminalControls(`error ${result.error.code}${retryable}: ${inCallFlagWords(result.error.message)}${hint === undefined ? "" : `; ${hint}`}`));
        }
        return result.error?.code === "INVALID_CALL" ? EXIT_CODES.USAGE : EXIT_CODES.FAILURE;
      }, { remote: true }),
    );
}
