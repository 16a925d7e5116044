import { isDeepStrictEqual } from "node:util";
import type { AgentAccessStore, SourceStore } from "@src/config";
import type { CredentialVault } from "@src/vault";
import type { PostgresStore } from "./open-postgres-store";

/** What `copyHomeToStore` did: counts and slugs, never a value. */
export interface CopyHomeResult {
  readonly sources: { readonly added: number; readonly updated: number; readonly unchanged: number };
  readonly credentials: { readonly added: number; readonly updated: number; readonly unchanged: number };
  /** Sources of the home that could not be read (a broken `config.json`); they were not copied. */
  readonly skipped: readonly { readonly slug: string; readonly reason: string }[];
  /** Agent tokens made by `src token create` (a hosted agent's grant is not carried: it signs in again) and registered OAuth clients. */
  readonly agentTokens: {
    readonly added: number;
    readonly unchanged: number;
    readonly skipped: readonly { readonly name: string; readonly reason: string }[];
  };
}

/**
 * Copies every source, credential and agent token of a file home into a
 * PostgreSQL store (`src store migrate`). Records keep their `id`, times and status. Running it
 * again changes nothing that is already equal, so it can be repeated until the
 * replicas take over. Credentials are decrypted from the vault file and sealed
 * again with the store's key in this process.
 */
export async function copyHomeToStore({
  from,
  to,
}: {
  from: { sources: SourceStore; vault: CredentialVault; access?: AgentAccessStore | undefined };
  to: PostgresStore;
}): Promise<CopyHomeResult> {
  const sources = { added: 0, updated: 0, unchanged: 0 };
  const credentials = { added: 0, updated: 0, unchanged: 0 };
  const skipped: { slug: string; reason: string }[] = [];
  for (const entry of await from.sources.list()) {
    if (!entry.ok) {
      skipped.push({ slug: entry.slug, reason: entry.error.message });
      continue;
    }
    sources[await to.putRecord(entry.record)] += 1;
  }
  for (const { slug } of await from.vault.list()) {
    const credential = await from.vault.get(slug);
    if (credential === undefined) continue;
    const values = { ...credential };
    const existing = await to.vault.get(slug);
    if (existing !== undefined && isDeepStrictEqual({ ...existing }, values)) {
      credentials.unchanged += 1;
      continue;
    }
    await to.vault.set(slug, values);
    credentials[existing === undefined ? "added" : "updated"] += 1;
  }
  // Each principal's own credential of a per-user source, counted with the credentials.
  for (const { slug, principal } of await from.vault.listConnections()) {
    const credential = await from.vault.getConnection(slug, principal);
    if (credential === undefined) continue;
    const values = { ...credential };
    const existing = await to.vault.getConnection(slug, principal);
    if (existing !== undefined && isDeepStrictEqual({ ...existing }, values)) {
      credentials.unchanged += 1;
      continue;
    }
    await to.vault.setConnection(slug, principal, values);
    credentials[existing === undefined ? "added" : "updated"] += 1;
  }
  const agentTokens = { added: 0, unchanged: 0, skipped: [] as { name: string; reason: string }[] };
  if (from.access !== undefined) {
    const existing = await to.access.listTokens();
    for (const token of await from.access.listTokens()) {
      if (token.client !== undefined) {
        agentTokens.skipped.push({
          name: token.name,
          reason: "a hosted agent's OAuth grant is not carried over; the agent signs in again",
        });
        continue;
      }
      const same = existing.find((candidate) => candidate.name === token.name);
      if (same?.id === token.id) {
        agentTokens.unchanged += 1;
        continue;
      }
      if (same !== undefined) {
        agentTokens.skipped.push({
          name: token.name,
          reason: "another token of this name is in the store already; revoke one of them",
        });
        continue;
      }
      await to.access.addToken(token);
      agentTokens.added += 1;
    }
  }
  return { sources, credentials, skipped, agentTokens };
}
