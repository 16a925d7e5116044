import type { Command } from "commander";
import { defineAction } from "../define-action";
import { EXIT_CODES } from "../exit-codes";
import { UsageError } from "../errors/usage-error";
import { escapeTerminalControls } from "../output/escape-terminal-controls";
import { formatOperations } from "../output/format-operations";
import { cliNextStep } from "../output/cli-hint";
import { writeError, writeJson, writeLine } from "../output/write-output";

interface OperationsFlags {
  tag?: string;
  id?: string;
  limit?: string;
  offset?: string;
}

/** `src operations SLUG [QUERY]`: what the `api_<slug>_operations` tool answers an agent. */
export function registerOperations(program: Command): void {
  program
    .command("operations")
    .description(
      "search the operations of a source's OpenAPI document, or show one in full (what api_<slug>_operations answers)",
    )
    .argument("<slug>", "the source")
    .argument(
      "[query...]",
      'plain words, e.g. "create an issue", or an operationId; none lists every operation, a page at a time',
    )
    .option("--tag <tag>", "only operations with this tag")
    .option(
      "--id <operationId>",
      "show this operation in full: parameters, body schema, response, an example call, a suggested select for a large list",
    )
    .option("--limit <n>", "most matches (default 8, at most 25)")
    .option("--offset <n>", "matches to skip, to page through them (without words, every operation is listed)")
    .action(
      defineAction<OperationsFlags>(async (context, flags, [slug, words]) => {
        const query = (Array.isArray(words) ? words.join(" ") : (words ?? "")).trim();
        const limit = flags.limit === undefined ? undefined : Number(flags.limit);
        if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 25))
          throw new UsageError({ message: `--limit: must be a whole number from 1 to 25, not "${flags.limit}"` });
        const offset = flags.offset === undefined ? undefined : Number(flags.offset);
        if (offset !== undefined && (!Number.isInteger(offset) || offset < 0))
          throw new UsageError({ message: `--offset: must be a whole number of at least 0, not "${flags.offset}"` });
        const service = await context.service();
        // The source first, so what is missing is said in the operator's words (the agent's tool name means nothing here).
        const { source } = await service.getSource(slug!);
        if (!source.enabled)
          throw new UsageError({
            message: `source "${slug}" is disabled; enable it with \`src source enable ${slug}\``,
          });
        if (source.api.openapi === undefined)
          throw new UsageError({
            message: `source "${slug}" has no OpenAPI document; attach one with \`src source edit ${slug} --openapi FILE|URL\``,
          });
        const document = source.status.openapi;
        if (document?.loaded !== true) {
          const reload = `\`src source reload ${slug}\``;
          const message =
            document === undefined
              ? `the OpenAPI document of source "${slug}" was not read yet: run ${reload}`
              : `the OpenAPI document of source "${slug}" could not be loaded: ${document.error ?? "unknown problem"}. Once it is fixed, run ${reload}`;
          throw new UsageError({ message });
        }
        const { operationsToolName } = await import("@src/http-tool/internal");
        const input = {
          ...(query === "" ? {} : { query }),
          ...(flags.tag === undefined ? {} : { tag: flags.tag }),
          ...(flags.id === undefined ? {} : { operationId: flags.id }),
          ...(limit === undefined ? {} : { limit }),
          ...(offset === undefined ? {} : { offset }),
        };
        const result = await service.callTool(operationsToolName(slug!), input);
        if (!result.ok) {
          const next = result.error?.next === undefined ? "" : `; ${cliNextStep(result.error.next, slug!)}`;
          writeError(
            escapeTerminalControls(
              `error ${result.error?.code ?? "FAILED"}: ${result.error?.message ?? "no answer"}${next}`,
            ),
          );
          return EXIT_CODES.USAGE;
        }
        const answer = result.body.kind === "json" ? result.body.value : null;
        if (context.json) writeJson(answer);
        else writeLine(escapeTerminalControls(await formatOperations(answer)));
        return EXIT_CODES.SUCCESS;
      }),
    );
}
