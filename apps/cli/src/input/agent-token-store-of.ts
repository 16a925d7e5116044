import { resolveSrcHome } from "@src/config";
import type { AgentTokenStore } from "@src/server";
import type { CommandContext } from "../command-context";
import { loadServerModule } from "./load-server-module";

/**
 * The agent tokens of this home: in the PostgreSQL store when `--store` or
 * `SRC_STORE` names one (shared by every replica), else in
 * `$SRC_HOME/agent-tokens.json`.
 */
export async function agentTokenStoreOf(context: CommandContext): Promise<AgentTokenStore> {
  const { createAgentTokenStore } = await loadServerModule();
  if (context.storeUrl !== undefined) return createAgentTokenStore({ access: (await context.postgresStore()).access });
  return createAgentTokenStore({ home: resolveSrcHome({ home: context.home }) });
}
