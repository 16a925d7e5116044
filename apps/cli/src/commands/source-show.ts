import type { Command } from "commander";
import { defineAction } from "../define-action";
import { formatSource } from "../output/format-source";
import { writeJson, writeLine } from "../output/write-output";

/** `src source show SLUG`. */
export function registerSourceShow(source: Command): void {
  source
    .command("show")
    .description("show a source's record and whether a credential is stored (never its value)")
    .argument("<slug>", "the source")
    .action(
      defineAction(
        async (context, _options, [slug]) => {
          const { source: record, hasCredential } = await (await context.operations()).getSource(slug!);
          if (context.json) writeJson({ source: record, hasCredential });
          else writeLine(formatSource(record, hasCredential));
        },
        { remote: true },
      ),
    );
}
