import type { Command } from "commander";
import { defineAction } from "../define-action";
import { EXIT_CODES } from "../exit-codes";
import { UsageError } from "../errors/usage-error";
import { collectQuery, type QueryFlags } from "../input/collect-query";
import { readBodyFlags, type BodyFlags } from "../input/read-body-flags";
import { escapeTerminalControls } from "../output/escape-terminal-controls";
import { cliCallError, inCallFlagWords } from "../output/cli-hint";
import { cutNoteInCliWords, formatCallResult } from "../output/format-call-result";
import { withProgress } from "../output/with-progress";
import { writeError, writeJson, writeLine } from "../output/write-output";
import { terminalConfirmer } from "../input/terminal-confirmer";

interface CallFlags extends BodyFlags {
  query?: QueryFlags;
  yes?: boolean;
  select?: string;
  paginate?: boolean;
  maxPages?: string;
  maxItems?: string;
}

/** `--max-pages` or `--max-items` as a whole number of at least 1. */
function countFlag(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1)
    throw new UsageError({ message: `${flag}: must be a whole number of at least 1, not ${JSON.stringify(value)}` });
  return count;
}

/** The call's `select` and `paginate`, from the flags. */
function resultFlags(flags: CallFlags): Record<string, unknown> {
  const maxPages = countFlag("--max-pages", flags.maxPages);
  const maxItems = countFlag("--max-items", flags.maxItems);
  if ((maxPages !== undefined || maxItems !== undefined) && flags.paginate !== true)
    throw new UsageError({ message: "--max-pages and --max-items go with --paginate; add --paginate" });
  return {
    ...(flags.select === undefined ? {} : { select: flags.select }),
    ...(flags.paginate === true
      ? {
          paginate: {
            ...(maxPages === undefined ? {} : { maxPages }),
            ...(maxItems === undefined ? {} : { maxItems }),
          },
        }
      : {}),
  };
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
    .option(
      "-y, --yes",
      "confirm a call the source's policy asks a person to confirm (api.policy.confirm) without asking; without it, a terminal asks yes/no, and elsewhere the call is refused (CONFIRMATION_REQUIRED)",
    )
    .option(
      "--select <expr>",
      'JMESPath applied to the JSON body before it is cut, e.g. "[].{number: number, title: title}"',
    )
    .option("--paginate", "follow the next pages (GET) and join their items")
    .option("--max-pages <n>", "with --paginate: most pages (default 5, capped by the source's api.maxPages)")
    .option("--max-items <n>", "with --paginate: most items")
    .action(
      defineAction<CallFlags>(
        async (context, flags, [slug, method, path]) => {
          const input = {
            method,
            path,
            ...(flags.query === undefined ? {} : { query: flags.query }),
            ...(await readBodyFlags(flags)),
            ...resultFlags(flags),
          };
          const service = await context.operations({ auditChannel: "cli" });
          // A question replaces the spinner: the spinner is not shown where a person may be asked (a terminal without --yes).
          const confirm = terminalConfirmer({ yes: flags.yes === true, interactive: context.interactive });
          const run = () => service.callTool(slug!, input, confirm === undefined ? {} : { confirm });
          const result =
            confirm !== undefined && flags.yes !== true
              ? await run()
              : await withProgress(context, `${method!.toUpperCase()} ${path}`, run);
          // The note on a cut body says what the CLI can do: the body kept for resultRef goes when this process does.
          if (context.json)
            writeJson(
              result.truncated === undefined
                ? result
                : {
                    ...result,
                    truncated: { ...result.truncated, note: cutNoteInCliWords(result.truncated.note, slug!) },
                  },
            );
          else writeLine(formatCallResult(result, { withError: false, slug: slug! }));
          if (result.ok) return EXIT_CODES.SUCCESS;
          // Said once, on stderr, in the command line's words, with the CLI's next step when the package message names none.
          if (result.error === undefined) {
            writeError(`error: the API answered HTTP ${result.status}`);
          } else {
            const { slugOfToolName } = await import("@src/service");
            const source = slugOfToolName(slug!) ?? slug!;
            // In the command line's words: `src operations SLUG --id ...` where the agent reads api_<slug>_operations.
            const retryable = result.error.retryable ? " (retryable)" : "";
            const words = cliCallError({ ...result.error, message: inCallFlagWords(result.error.message) }, source);
            writeError(escapeTerminalControls(`error ${result.error.code}${retryable}: ${words}`));
          }
          return result.error?.code === "INVALID_CALL" ? EXIT_CODES.USAGE : EXIT_CODES.FAILURE;
        },
        { remote: true },
      ),
    );
}
