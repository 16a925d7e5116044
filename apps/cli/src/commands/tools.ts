import type { Command } from "commander";
import { defineAction } from "../define-action";
import { brokenFileProblems } from "../output/broken-file-problems";
import { formatTools } from "../output/tools-table";
import { writeError, writeJson, writeLine } from "../output/write-output";

/** `src tools [-v]`: the spec's `/tools -v`. */
export function registerTools(program: Command): void {
  program
    .command("tools")
    .description("list the HTTP tools of the enabled sources: name, source, base URL, auth mode, status")
    .option("-v, --verbose", "add each tool's description and input schema")
    .action(
      defineAction<{ verbose?: boolean }>(
        async (context, { verbose = false }) => {
          const service = await context.operations();
          const [tools, sources] = await Promise.all([service.listTools(), service.listSources()]);
          // A broken config.json has no tool: say so, instead of leaving it out silently.
          for (const broken of sources) {
            if (!broken.ok)
              writeError(
                `warning: source "${broken.slug}" has no tool: its ${broken.file} is broken (${brokenFileProblems(broken.error)}); fix it and run \`src source reload ${broken.slug}\``,
              );
          }
          if (context.json) writeJson(tools);
          else writeLine(await formatTools(tools, verbose));
        },
        { remote: true },
      ),
    );
}
