import type { Command } from "commander";
import { defineAction } from "../define-action";
import { formatSourceTable } from "../output/source-table";
import { writeJson, writeLine } from "../output/write-output";

/** `src source list`. */
export function registerSourceList(source: Command): void {
  source
    .command("list")
    .description(
      "list the sources: slug, name, auth, enabled, status, last tested (broken config files with their error)",
    )
    .action(
      defineAction(
        async (context) => {
          const sources = await (await context.operations()).listSources();
          if (context.json) writeJson(sources);
          else writeLine(await formatSourceTable(sources));
        },
        { remote: true },
      ),
    );
}
