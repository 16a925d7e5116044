import { isAbsolute, resolve } from "node:path";
import type { TokenRequestEvent } from "@src/auth";
import {
  createSourceStore,
  resolveSrcHome,
  type FileSourceStore,
  type SourceRecord,
  type SourceStore,
} from "@src/config";
import { createMemoryRateLimitStore, createResultStore } from "@src/http-tool";
import { openVault } from "@src/vault";
import { createAuthRuntimes } from "./auth-runtimes";
import { createSourceDocuments } from "./openapi/source-documents";
import type { ServiceContext } from "./service-context";
import { sourceCallsOf } from "./source-calls";
import { createSourceCredentials } from "./source-credentials";
import { createSourceListing } from "./source-listing";
import { sourceReadsOf } from "./source-reads";
import type { SourceServiceOptions } from "./source-service-options";
import type { SourceChangeKind, SourceService } from "./source-service";
import { sourceWritesOf } from "./source-writes";

export type { ServiceObserver, SourceServiceOptions } from "./source-service-options";

type ChangeListener = (change: { slug: string; kind: SourceChangeKind }) => void;

/** The collaborators and the state of one service, from its options and the listeners of its changes. */
function serviceContextOf(
  options: SourceServiceOptions,
  home: string,
  listeners: ReadonlySet<ChangeListener>,
): ServiceContext {
  const env = options.env ?? process.env;
  const { registry, observer } = options;
  const store = options.store ?? createSourceStore({ home, registry });
  const credentials = createSourceCredentials({
    store,
    openVault: options.openVault ?? (() => openVault({ home, env })),
    observer,
    pluginOf: (source) => registry.find(source.api.authType),
  });
  const pluginOf = (source: SourceRecord) => registry.get(source.api.authType);
  const onTokenRequest =
    observer?.tokenRequest === undefined
      ? undefined
      : (event: TokenRequestEvent): void => observer.tokenRequest?.(event);
  const listing = createSourceListing({ store, observer });
  return {
    registry,
    store,
    rateLimits: options.rateLimits ?? createMemoryRateLimitStore(),
    results: options.results ?? createResultStore(),
    fetch: options.fetch,
    observer,
    credentials,
    auth: createAuthRuntimes({ vault: credentials.vault, pluginOf, onTokenRequest }),
    documents: createSourceDocuments({ store, fetch: options.fetch }),
    listing,
    pluginOf,
    withAbsoluteCaFile(source) {
      const caFile = source.api.caFile;
      if (typeof caFile !== "string" || isAbsolute(caFile)) return source;
      return { ...source, api: { ...source.api, caFile: resolve(store.directoryOf(source.slug), caFile) } };
    },
    notify(slug, kind) {
      listing.changed([slug]);
      for (const listener of listeners) listener({ slug, kind });
    },
  };
}

/**
 * Creates the service the CLI and the server share. It knows the stores only
 * by their interfaces: the file store and vault file by default, or the ones
 * given (`@src/store-postgres`). Its parts: reading sources and tools
 * (`source-reads`), changing them (`source-writes`), calling them
 * (`source-calls`), over the credentials, sessions and listing they share
 * (`service-context`).
 */
export function createSourceService(
  options: SourceServiceOptions & { store?: undefined },
): SourceService<FileSourceStore>;
export function createSourceService<Store extends SourceStore>(
  options: SourceServiceOptions & { store: Store },
): SourceService<Store>;
export function createSourceService(options: SourceServiceOptions): SourceService;
export function createSourceService(options: SourceServiceOptions): SourceService {
  const home = resolveSrcHome({ home: options.home, env: options.env ?? process.env });
  const listeners = new Set<ChangeListener>();
  const context = serviceContextOf(options, home, listeners);
  return {
    home,
    registry: context.registry,
    store: context.store,
    rateLimits: context.rateLimits,
    ...sourceReadsOf(context),
    ...sourceWritesOf(context),
    ...sourceCallsOf(context),
    keepListingInMemory: (options) => context.listing.keep(options),
    sourcesChanged: (slugs) => context.listing.changed(slugs),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
