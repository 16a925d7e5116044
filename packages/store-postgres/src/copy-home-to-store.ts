import { isDeepStrictEqual } from "node:util";
import type { SourceStore } from "@src/config";
import type { CredentialVault } from "@src/vault";
import type { PostgresStore } from "./open-postgres-store";

/** What `copyHomeToStore` did: counts and slugs, never a value. */
export interface CopyHomeResult {
  readonly sources: { readonly added: number; readonly updated: number; readonly unchanged: number };
  readonly credentials: { readonly added: number; readonly updated: number; readonly unchanged: number };
  /** Sources of the home that could not be read (a broken `config.json`); they were not copied. */
  readonly skipped: readonly { readonly slug: string; readonly reason: string }[];
}

/**
 * Copies every source and credential of a file home into a PostgreSQL store
 * (`src store migrate`). Records keep their `id`, times and status. Running it
 * again changes nothing that is already equal, so it can be repeated until the
 * replicas take over. Credentials are decrypted from the vault file and sealed
 * again with the store's key in this process.
 */
export async function copyHomeToStore({ from, to }: { from: { sources: SourceStore; vault: CredentialVault }; to: PostgresStore }): Promise<CopyHomeResult> {
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
  return { sources, credentials, skipped };
}
