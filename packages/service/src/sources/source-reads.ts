import type { ServiceContext } from "./service-context";
import type { SourceService, SourceSummary } from "./source-service";
import { listSourceTools } from "./source-tools";

/** The service's methods that read sources and their tools. */
export type SourceReads = Pick<
  SourceService,
  "listSources" | "getSource" | "getCredential" | "getConnection" | "listTools"
>;

/** The methods of the service that read, over `context`. */
export function sourceReadsOf(context: ServiceContext): SourceReads {
  const { store, credentials } = context;
  return {
    async listSources() {
      const entries = await context.listing.entries();
      const stored = await credentials.storedCredentialSlugs(entries.length);
      const summaries: SourceSummary[] = [];
      for (const entry of entries) {
        const hasStored = stored.has(entry.slug) && (!entry.ok || (await credentials.hasCredential(entry.record)));
        summaries.push(
          entry.ok
            ? {
                ok: true,
                slug: entry.slug,
                source: await credentials.withCurrentStatus(entry.record),
                hasCredential: hasStored,
              }
            : { ok: false, slug: entry.slug, file: entry.file, error: entry.error.message, hasCredential: hasStored },
        );
      }
      return summaries;
    },

    async getSource(slug) {
      const source = await credentials.withCurrentStatus(await store.get(slug));
      return { source, hasCredential: await credentials.hasCredential(source) };
    },

    async getCredential(slug) {
      return credentials.credentialFor(await store.get(slug));
    },

    async getConnection(slug, principal) {
      return credentials.connectionFor(await store.get(slug), principal);
    },

    listTools: (options) => listSourceTools(context, options),
  };
}
