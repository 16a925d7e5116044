import type { SourceService } from "@src/service";
import type { AgentTokenStore } from "./agent-token-store";

/** What revoking a token ended. */
export interface RevokedAgentToken {
  readonly name: string;
  /** The principal it acted for (`token:NAME`, `grant:NAME`). */
  readonly principal: string;
  /** The per-user sources whose connection of that principal was removed with it. */
  readonly connectionsRemoved: string[];
}

/**
 * Revokes an agent token and ends the per-user connections of the principal it acted for: a token created again
 * under the same name is another caller, and must not act with the credential the first one's person connected.
 * Used by `src token revoke` and `DELETE /v1/tokens/{name}`. Throws `AGENT_TOKEN_NOT_FOUND` for an unknown name
 * (and removes nothing).
 */
export async function revokeAgentToken(
  { store, service }: { store: AgentTokenStore; service: Pick<SourceService, "listConnections" | "deleteConnection"> },
  name: string,
): Promise<RevokedAgentToken> {
  const { principal } = await store.revoke(name);
  const connectionsRemoved: string[] = [];
  for (const connection of await service.listConnections({ principal })) {
    try {
      if (await service.deleteConnection(connection.slug, principal)) connectionsRemoved.push(connection.slug);
    } catch (error) {
      // A connection whose source is gone is removed with the source; nothing is left to end here.
      if ((error as { code?: unknown }).code !== "SOURCE_NOT_FOUND") throw error;
    }
  }
  return { name, principal, connectionsRemoved };
}
