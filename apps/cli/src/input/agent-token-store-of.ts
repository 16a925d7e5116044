import { resolveSrcHome } from "@src/config";
import type { AgentTokenStore } from "@src/server";
import type { CommandContext } from "../command-context";
import { loadServerModule } from "./load-server-module";

/**
 * The agent tokens of this home: in the PostgreSQL store when `--store` or
 * `SRC_STORE` names one (shared by every replica), else in
 * `$SRC_HOME/agent-tokens.json`. Creating one for a slug that is not a source of that store is refused.
 */
export async function agentTokenStoreOf(context: CommandContext): Promise<AgentTokenStore> {
  const { createAgentTokenStore } = await loadServerModule();
  // A token is for configured sources only: the same store's (the home's files, or the PostgreSQL store's).
  const sourceSlugs = async (): Promise<string[]> =>
    (await (await context.service()).store.list()).map((entry) => entry.slug);
  if (context.storeUrl !== undefined)
    return createAgentTokenStore({ access: (await context.postgresStore()).access, sourceSlugs });
  return createAgentTokenStore({ home: resolveSrcHome({ home: context.home }), sourceSlugs });
}
