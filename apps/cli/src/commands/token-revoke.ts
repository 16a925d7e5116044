import type { Command } from "commander";
import { defineAction } from "../define-action";
import { agentTokenStoreOf } from "../input/agent-token-store-of";
import { loadServerModule } from "../input/load-server-module";
import { writeJson, writeLine } from "../output/write-output";

/**
 * `src token revoke NAME` (locally, or on the server named by --server / SRC_SERVER): the token, and the per-user
 * connections of the principal it acted for.
 */
export function registerTokenRevoke(token: Command): void {
  token
    .command("revoke")
    .description(
      "revoke an agent token: a running server refuses it (401) within a second; the per-user connections of its principal (token:NAME) are removed with it",
    )
    .argument("<name>", "the token's name (src token list)")
    .action(
      defineAction(
        async (context, _options, [name]) => {
          const { connectionsRemoved } =
            context.remote !== undefined
              ? await (await context.remoteClient()).tokens.revoke(name!)
              : await (
                  await loadServerModule()
                ).revokeAgentToken(
                  { store: await agentTokenStoreOf(context), service: await context.service() },
                  name!,
                );
          if (context.json) writeJson({ name, revoked: true, connectionsRemoved });
          else
            writeLine(
              connectionsRemoved.length === 0
                ? `Revoked agent token "${name}".`
                : `Revoked agent token "${name}", and removed its person's connections to ${connectionsRemoved.join(", ")}.`,
            );
        },
        { remote: true },
      ),
    );
}
