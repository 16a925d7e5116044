import type { AnyAuthPluginV2, AuthRegistry } from "@src/auth";
import type { SourceRecord, SourceStore } from "@src/config";
import type { RateLimitStore, ResultStore } from "@src/http-tool";
import type { SourceDocuments } from "./openapi/source-documents";
import type { AuthRuntimes } from "./auth-runtimes";
import type { SourceCredentials } from "./source-credentials";
import type { SourceListing } from "./source-listing";
import type { ServiceObserver } from "./source-service-options";
import type { SourceChangeKind } from "./source-service";

/** What the parts of one source service share: its collaborators and the state it keeps (sessions, listing). */
export interface ServiceContext {
  readonly registry: AuthRegistry;
  readonly store: SourceStore;
  readonly rateLimits: RateLimitStore;
  readonly results: ResultStore;
  readonly fetch: typeof fetch | undefined;
  readonly observer: ServiceObserver | undefined;
  readonly credentials: SourceCredentials;
  readonly auth: AuthRuntimes;
  readonly documents: SourceDocuments;
  readonly listing: SourceListing;
  /** The auth plugin of the source's mode. */
  readonly pluginOf: (source: SourceRecord) => AnyAuthPluginV2;
  /** The source with a relative `api.caFile` made absolute (relative to the source's folder), as `@src/http-tool` takes it. */
  readonly withAbsoluteCaFile: (source: SourceRecord) => SourceRecord;
  /** Marks `slug` stale in the kept listing and tells the `onChange` listeners. */
  readonly notify: (slug: string, kind: SourceChangeKind) => void;
}
