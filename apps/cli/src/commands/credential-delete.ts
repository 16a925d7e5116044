import type { Command } from "commander";
import { defineAction } from "../define-action";
import { writeJson, writeLine } from "../output/write-output";

/** `src credential delete SLUG`. */
export function registerCredentialDelete(credential: Command): void {
  credential
    .command("delete")
    .description("delete a source's stored credential (the source stays; calls answer NO_CREDENTIAL)")
    .argument("<slug>", "the source")
    .action(
      defineAction(
        async (context, _options, [slug]) => {
          const deleted = await (await context.operations()).deleteCredential(slug!);
          if (context.json) writeJson({ slug, deleted });
          else
            writeLine(
              deleted
                ? `Deleted the credential of "${slug}".`
                : `No credential was stored for "${slug}"; nothing to delete.`,
            );
        },
        { remote: true },
      ),
    );
}
