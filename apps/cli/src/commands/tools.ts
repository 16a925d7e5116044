import type { Command } from "commander";
import { defineAction } from "../define-action";
import { formatTools } from "../output/tools-table";
import { writeJson, writeLine } from "../output/write-output";

/** `src tools [-v]`: the spec's `/tools -v`. */
export function registerTools(program: Command): void {
  program
    .command("tools")
    .description("list the HTTP tools of the enabled sources: name, source, base URL, auth mode, status")
    .option("-v, --verbose", "add each tool's description and input schema")
    .action(
      defineAction<{ verbose?: boolean }>(async (context, { verbose = false }) => {
        const tools = await (await context.service()).listTools();
        if (context.json) writeJson(tools);
        else writeLine(await formatTools(tools, verbose));
      }),
    );
}
