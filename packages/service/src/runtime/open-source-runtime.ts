import type { AnyAuthPluginV2, AuthRegistry } from "@src/auth";
import { resolveSrcHome } from "@src/config";
import type { ResultStore } from "@src/http-tool";
import { createCallAuditLog, type CallAuditLog } from "../audit/call-audit-log";
import type { CallAuditChannel } from "../audit/call-audit-line";
import { withCallAudit } from "../audit/with-call-audit";
import { createAuthRegistryFromEnvironment } from "../plugins/load-auth-plugins-from-environment";
import { createSourceService } from "../sources/create-source-service";
import type { ServiceObserver } from "../sources/source-service-options";
import type { SourceService } from "../sources/source-service";
import type { SourceStorage, SourceStorageContext } from "./source-storage";

/** Options of `openSourceRuntime`: the app's settings and the collaborators it chose. */
export interface SourceRuntimeOptions<Storage extends SourceStorage> {
  /** The home directory. Default: `$SRC_HOME` of `env`, else `~/.src`. */
  home?: string | undefined;
  /** Environment for `SRC_HOME`, `SRC_AUTH_PLUGINS` and the vault key variables. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** The built-in auth plugins, registered before those of `SRC_AUTH_PLUGINS` (`defaultAuthPlugins()` of `@src/auth-presets`). */
  plugins: readonly AnyAuthPluginV2[];
  /** A registry to use as it is instead of `plugins` and `SRC_AUTH_PLUGINS` (tests, embedding). */
  registry?: AuthRegistry | undefined;
  /** Where package names and relative paths of `SRC_AUTH_PLUGINS` are resolved from. Default `process.cwd()`. */
  from?: string;
  /**
   * Opens a shared store (`openPostgresStore` of `@src/store-postgres`) once the plugins are loaded; its sources,
   * vault and rate limits are the service's. Default: none, the files in the home.
   */
  openStorage?: ((context: SourceStorageContext) => Promise<Storage>) | undefined;
  /** A `fetch` to send upstream calls with (tests, proxies). */
  fetch?: typeof fetch | undefined;
  /** Where cut results are kept (the server sets their lifetime). Default: the service's own. */
  results?: ResultStore | undefined;
  /** Told of token requests, vault and store failures (the server's metrics). */
  observer?: ServiceObserver | undefined;
  /** Told when an audit line could not be written (a warning); the call itself never fails for it. Default: ignore. */
  onAuditError?: (error: unknown) => void;
}

/** What an app runs on: the auth registry, the store it opened, the source service and the audit log. */
export interface SourceRuntime<Storage extends SourceStorage = SourceStorage> {
  /** The `SRC_HOME` in use. */
  readonly home: string;
  readonly registry: AuthRegistry;
  /** The shared store `openStorage` opened; `undefined` with the files in the home. */
  readonly storage: Storage | undefined;
  readonly service: SourceService;
  /** The audit log `<home>/logs/calls.jsonl`, one per runtime. */
  readonly auditLog: CallAuditLog;
  /** The service whose agent calls are written to the audit log on `channel` (`src call`, `src mcp`). */
  audited(channel: CallAuditChannel): SourceService;
  /** Closes what the runtime opened (the shared store's connections). */
  close(): Promise<void>;
}

/** The auth registry of the runtime: the one given, else `plugins` plus the modules of `SRC_AUTH_PLUGINS`. */
function registryOf<Storage extends SourceStorage>(
  options: SourceRuntimeOptions<Storage>,
  env: Record<string, string | undefined>,
): Promise<AuthRegistry> {
  if (options.registry !== undefined) return Promise.resolve(options.registry);
  return createAuthRegistryFromEnvironment(env, {
    plugins: options.plugins,
    ...(options.from === undefined ? {} : { from: options.from }),
  });
}

/**
 * Builds what the CLI and the server run on, in one place: loads the auth plugins (the built-ins and
 * `SRC_AUTH_PLUGINS`), opens the shared store when the app gives one (else the files and vault in the home), creates
 * the source service over them and the audit log of the home. A broken plugin module or a store that cannot be opened
 * rejects before anything is written. The apps stay the composition root: they pass their settings and collaborators.
 */
export async function openSourceRuntime<Storage extends SourceStorage = SourceStorage>(
  options: SourceRuntimeOptions<Storage>,
): Promise<SourceRuntime<Storage>> {
  const env = options.env ?? process.env;
  const home = resolveSrcHome({ home: options.home, env });
  const registry = await registryOf(options, env);
  const storage = options.openStorage === undefined ? undefined : await options.openStorage({ registry, home, env });
  const shared =
    storage === undefined
      ? {}
      : { store: storage.sources, openVault: () => Promise.resolve(storage.vault), rateLimits: storage.rateLimits };
  const service = createSourceService({
    home,
    env,
    registry,
    fetch: options.fetch,
    results: options.results,
    observer: options.observer,
    ...shared,
  });
  const auditLog = createCallAuditLog({
    home,
    ...(options.onAuditError === undefined ? {} : { onError: options.onAuditError }),
  });
  return {
    home,
    registry,
    storage,
    service,
    auditLog,
    audited: (channel) => withCallAudit(service, { channel, log: auditLog }),
    async close() {
      await storage?.close();
    },
  };
}
