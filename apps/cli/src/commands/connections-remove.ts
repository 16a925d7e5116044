import type { Command } from "commander";
import { defineAction } from "../define-action";
import { UsageError } from "../errors/usage-error";
import { writeJson, writeLine } from "../output/write-output";
import { principalFlag } from "../input/principal-flag";

/** `src connections remove SLUG --principal P`: that principal's next call of the source answers NOT_CONNECTED. */
export function registerConnectionsRemove(connections: Command): void {
  connections
    .command("remove")
    .description("remove a principal's own credential for a per-user source; their next call answers NOT_CONNECTED")
    .argument("<slug>", "the source")
    .option("--principal <principal>", "whose connection (idp:SUB, grant:NAME, token:NAME or local)")
    .action(
      defineAction<{ principal?: string }>(
        async (context, flags, [slug]) => {
          if (flags.principal === undefined)
            throw new UsageError({
              message: `src connections remove: give --principal P, whose connection to remove (e.g. src connections remove ${slug} --principal idp:alice); src connections list --source ${slug} lists them`,
            });
          principalFlag(flags.principal, "nothing was removed");
          const deleted = await (await context.operations()).deleteConnection(slug!, flags.principal);
          if (context.json) writeJson({ slug, principal: flags.principal, deleted });
          else
            writeLine(
              deleted
                ? `Removed the connection of ${flags.principal} to "${slug}".`
                : `${flags.principal} was not connected to "${slug}"; nothing to remove.`,
            );
        },
        { remote: true },
      ),
    );
}
