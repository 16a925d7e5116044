import type { Command } from "commander";
import { defineAction } from "../define-action";
import { writeJson, writeLine } from "../output/write-output";

/** `src source remove SLUG`: removes the config and its credential. */
export function registerSourceRemove(source: Command): void {
  source
    .command("remove")
    .description("remove a source: its config.json and its stored credential")
    .argument("<slug>", "the source")
    .action(
      defineAction(
        async (context, _options, [slug]) => {
          await (await context.operations()).removeSource(slug!);
          if (context.json) writeJson({ removed: slug });
          else writeLine(`Removed source "${slug}" and its credential.`);
        },
        { remote: true },
      ),
    );
}
