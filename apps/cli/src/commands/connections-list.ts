import type { Command } from "commander";
import { defineAction } from "../define-action";
import { writeList } from "../output/write-list";
import { principalFlag } from "../input/principal-flag";

interface ConnectionsListFlags {
  source?: string;
  principal?: string;
}

/** `src connections list`: who is connected to which per-user source (locally, or on the server named by --server / SRC_SERVER); never a value. */
export function registerConnectionsList(connections: Command): void {
  connections
    .command("list")
    .description(
      "list who is connected to which per-user source (api.credentials per-user), with when; never a credential",
    )
    .option("--source <slug>", "only this source's connections")
    .option("--principal <principal>", "only this principal's connections (idp:SUB, grant:NAME, token:NAME or local)")
    .action(
      defineAction<ConnectionsListFlags>(
        async (context, flags) => {
          principalFlag(flags.principal, "nothing was listed");
          const service = await context.operations();
          const connections = await service.listConnections({ slug: flags.source, principal: flags.principal });
          writeList(context.json, {
            key: "connections",
            items: connections,
            empty:
              "No connections. A person connects through the link their agent is given (NOT_CONNECTED), or an operator stores their key: src credential set SLUG --principal P",
            header: ["SOURCE", "PRINCIPAL", "UPDATED"],
            row: (connection) => [connection.slug, connection.principal, connection.updatedAt],
          });
        },
        { remote: true },
      ),
    );
}
