import type { SrcClient } from "@src/client";
import type { AuthRegistry } from "@src/auth";
import type { Command } from "commander";
import type { CallAuditChannel, SourceService } from "@src/service";
import type { PostgresStore } from "@src/store-postgres";
import { createRemoteClient, remoteServerOf, type RemoteServer } from "./remote/remote-server";
import type { SourceOperations } from "./remote/source-operations";

/** The global options every command sees. */
export interface GlobalOptions {
  /** `--home DIR`. Default: `$SRC_HOME`, else `~/.src`. */
  home?: string;
  /** `--json`: only machine-readable JSON on stdout. Default false. */
  json?: boolean;
  /** `--store URL`: a PostgreSQL store (`postgres://...`). Default: `$SRC_STORE`, else the file store in the home. */
  store?: string;
  /** `--server URL`: run against a running `src serve` instead of a local home. Default: `$SRC_SERVER`, else local. */
  server?: string;
}

/** What a command action needs besides its own flags. */
export interface CommandContext {
  readonly json: boolean;
  /** `--home` when given; the service falls back to `SRC_HOME`, then `~/.src`. */
  readonly home: string | undefined;
  /** `--store` when given, else `$SRC_STORE` when set: the PostgreSQL store's URL; `undefined` for the file store. */
  readonly storeUrl: string | undefined;
  /** Which of the two named the store, for messages. */
  readonly storeOrigin: "--store" | "SRC_STORE";
  /** Whether prompts may be shown: stdin and stderr are terminals. */
  readonly interactive: boolean;
  /** Whether a spinner may be shown: stderr is a terminal and not `--json`. */
  readonly showProgress: boolean;
  /**
   * The shared service, created on first use (its modules load lazily), with
   * the built-in auth modes plus the plugins listed in `SRC_AUTH_PLUGINS`.
   */
  service(): Promise<SourceService>;
  /** The PostgreSQL store of `storeUrl`, opened on first use (closed by `close()`). */
  postgresStore(): Promise<PostgresStore>;
  /** Closes what the command opened (the PostgreSQL store's connections). */
  close(): Promise<void>;
  /** The same service, each agent call appended to `$SRC_HOME/logs/calls.jsonl` on `channel` (a failed write is a warning on stderr). */
  auditedService(channel: CallAuditChannel): Promise<SourceService>;
  /** The server named by `--server` or `SRC_SERVER`; `undefined` in local mode. */
  readonly remote: RemoteServer | undefined;
  /**
   * What the commands that also run remotely use: the running server's API through `@src/client`
   * with `--server`, else the local service (agent calls audited on `auditChannel` when given).
   */
  operations(options?: { auditChannel?: CallAuditChannel }): Promise<SourceOperations>;
  /** The auth modes this CLI knows (built-in plus `SRC_AUTH_PLUGINS`): the local service's, or, remotely, the same set loaded here. */
  authRegistry(): Promise<AuthRegistry>;
  /** The `@src/client` of the server named by `--server` / `SRC_SERVER` (only in remote mode: check `remote` first). */
  remoteClient(): Promise<SrcClient>;
}

const hasValue = (value: string | undefined): boolean => value !== undefined && value.trim() !== "";

/** Builds the context from a command's options, global ones included. */
export function createCommandContext(command: Command): CommandContext {
  const options = command.optsWithGlobals<GlobalOptions>();
  const json = options.json === true;
  const remote = remoteServerOf(options, process.env);
  let servicePromise: Promise<SourceService> | undefined;
  let storePromise: Promise<PostgresStore> | undefined;
  let tracing: Promise<{ shutdown(): Promise<void> } | undefined> | undefined;
  const fromEnvironment = process.env.SRC_STORE?.trim() === "" ? undefined : process.env.SRC_STORE;
  const storeUrl = options.store ?? fromEnvironment;
  const storeOrigin = options.store === undefined ? "SRC_STORE" : "--store";
  const registry = async () => {
    const [{ createAuthRegistryFromEnvironment }, { defaultAuthPlugins }] = await Promise.all([import("@src/service"), import("@src/auth-presets")]);
    return createAuthRegistryFromEnvironment(process.env, { plugins: defaultAuthPlugins() });
  };
  return {
    json,
    remote,
    home: options.home,
    storeUrl,
    storeOrigin,
    interactive: process.stdin.isTTY === true && process.stderr.isTTY === true,
    showProgress: !json && process.stderr.isTTY === true,
    postgresStore() {
      if (storeUrl === undefined) throw new Error("postgresStore() without a store URL");
      storePromise ??= Promise.all([import("@src/store-postgres"), import("@src/config"), registry()]).then(([{ openPostgresStore }, { resolveSrcHome }, loaded]) =>
        openPostgresStore({ url: storeUrl, registry: loaded, home: resolveSrcHome({ home: options.home, env: process.env }), env: process.env, origin: storeOrigin }),
      );
      storePromise.catch(() => (storePromise = undefined));
      return storePromise;
    },
    async close() {
      const opened = storePromise;
      storePromise = undefined;
      await (await opened?.catch(() => undefined))?.close();
      // The spans of this command's calls go out before the process exits.
      await (await tracing?.catch(() => undefined))?.shutdown();
    },
    service() {
      // The composition root: the built-in auth modes come from the preset, the service only takes a registry;
      // the store is the file store in the home unless --store / SRC_STORE names a PostgreSQL one.
      servicePromise ??= Promise.all([import("@src/service"), registry()]).then(async ([{ createSourceService }, loaded]) => {
        if (storeUrl === undefined) return createSourceService({ home: options.home, env: process.env, registry: loaded });
        const shared = await this.postgresStore();
        return createSourceService({ home: options.home, env: process.env, registry: loaded, store: shared.sources, openVault: () => Promise.resolve(shared.vault), rateLimits: shared.rateLimits });
      });
      servicePromise.catch(() => (servicePromise = undefined));
      return servicePromise;
    },
    async auditedService(channel) {
      // Agent calls are traced when OTEL_EXPORTER_OTLP_ENDPOINT (or the traces one) is set; otherwise nothing of the SDK loads.
      if (tracing === undefined && (hasValue(process.env.OTEL_EXPORTER_OTLP_ENDPOINT) || hasValue(process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT))) {
        tracing = import("@src/server/internal").then(({ startTracingFromEnvironment }) => startTracingFromEnvironment(process.env, { serviceName: "src" }));
        await tracing;
      }
      const [service, { createCallAuditLog, withCallAudit }] = await Promise.all([this.service(), import("@src/service")]);
      let warned = false;
      const onError = (error: unknown): void => {
        if (warned) return;
        warned = true;
        process.stderr.write(`warning: could not append to the audit log: ${(error as Error).message}\n`);
      };
      return withCallAudit(service, { channel, log: createCallAuditLog({ home: service.home, onError }) });
    },
    async operations({ auditChannel } = {}) {
      if (remote !== undefined) {
        const [{ createRemoteOperations }, client] = await Promise.all([import("./remote/create-remote-operations"), createRemoteClient(remote)]);
        return createRemoteOperations(client);
      }
      return auditChannel === undefined ? this.service() : this.auditedService(auditChannel);
    },
    async authRegistry() {
      if (remote === undefined) return (await this.service()).registry;
      return registry();
    },
    remoteClient() {
      if (remote === undefined) throw new Error("remoteClient() in local mode");
      return createRemoteClient(remote);
    },
  };
}
