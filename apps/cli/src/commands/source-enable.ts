import type { Command } from "commander";
import { defineAction } from "../define-action";
import { writeJson, writeLine } from "../output/write-output";

/** `src source enable SLUG` and `src source disable SLUG`. */
export function registerSourceEnable(source: Command): void {
  for (const enabled of [true, false]) {
    const verb = enabled ? "enable" : "disable";
    source
      .command(verb)
      .description(
        enabled
          ? "enable a source: its tool is offered to agents"
          : "disable a source: its tool is withdrawn, calls answer SOURCE_DISABLED",
      )
      .argument("<slug>", "the source")
      .action(
        defineAction(
          async (context, _options, [slug]) => {
            const record = await (await context.operations()).setEnabled(slug!, enabled);
            if (context.json) writeJson({ source: record });
            else writeLine(`${enabled ? "Enabled" : "Disabled"} source "${record.slug}".`);
          },
          { remote: true },
        ),
      );
  }
}
