import type { Command } from "commander";
import { defineAction } from "../define-action";
import { agentTokenStoreOf } from "../input/agent-token-store-of";
import { writeJson, writeLine } from "../output/write-output";

/** `src token revoke NAME` (locally, or on the server named by --server / SRC_SERVER). */
export function registerTokenRevoke(token: Command): void {
  token
    .command("revoke")
    .description("revoke an agent token: a running server refuses it (401) within a second")
    .argument("<name>", "the token's name (src token list)")
    .action(
      defineAction(
        async (context, _options, [name]) => {
          if (context.remote !== undefined) await (await context.remoteClient()).tokens.revoke(name!);
          else await (await agentTokenStoreOf(context)).revoke(name!);
          if (context.json) writeJson({ name, revoked: true });
          else writeLine(`Revoked agent token "${name}".`);
        },
        { remote: true },
      ),
    );
}
