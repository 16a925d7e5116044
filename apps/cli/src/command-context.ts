import type { SrcClient } from "@src/client";
import type { AuthRegistry } from "@src/auth";
import type { Command } from "commander";
import type { CallAuditChannel, SourceService } from "@src/service";
import type { SourceRuntime } from "@src/service/runtime";
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

/** Opens what a local command runs on (`openSourceRuntime` of `@src/service/runtime`), its modules loaded on first use. */
async function openLocalRuntime(
  options: GlobalOptions,
  storeUrl: string | undefined,
  storeOrigin: "--store" | "SRC_STORE",
): Promise<SourceRuntime<PostgresStore>> {
  const [{ openSourceRuntime }, { defaultAuthPlugins }] = await Promise.all([
    import("@src/service/runtime"),
    import("@src/auth-presets"),
  ]);
  let warned = false;
  return openSourceRuntime<PostgresStore>({
    home: options.home,
    env: process.env,
    plugins: defaultAuthPlugins(),
    // The store is the file store in the home unless --store / SRC_STORE names a PostgreSQL one.
    openStorage:
      storeUrl === undefined
        ? undefined
        : async ({ registry, home, env }) =>
            (await import("@src/store-postgres")).openPostgresStore({
              url: storeUrl,
              registry,
              home,
              env,
              origin: storeOrigin,
            }),
    onAuditError(error) {
      if (warned) return;
      warned = true;
      process.stderr.write(`warning: could not append to the audit log: ${(error as Error).message}\n`);
    },
  });
}

/** Builds the context from a command's options, global ones included. */
export function createCommandContext(command: Command): CommandContext {
  const options = command.optsWithGlobals<GlobalOptions>();
  const json = options.json === true;
  const remote = remoteServerOf(options, process.env);
  let runtimePromise: Promise<SourceRuntime<PostgresStore>> | undefined;
  let tracing: Promise<{ shutdown(): Promise<void> } | undefined> | undefined;
  const fromEnvironment = process.env.SRC_STORE?.trim() === "" ? undefined : process.env.SRC_STORE;
  const storeUrl = options.store ?? fromEnvironment;
  const storeOrigin = options.store === undefined ? "SRC_STORE" : "--store";
  // The composition root: the built-in auth modes come from the preset; `openSourceRuntime` loads SRC_AUTH_PLUGINS,
  // opens the store, and builds the service and the audit log, as the server does.
  const runtime = (): Promise<SourceRuntime<PostgresStore>> => {
    runtimePromise ??= openLocalRuntime(options, storeUrl, storeOrigin);
    runtimePromise.catch(() => (runtimePromise = undefined));
    return runtimePromise;
  };
  return {
    json,
    remote,
    home: options.home,
    storeUrl,
    storeOrigin,
    interactive: process.stdin.isTTY === true && process.stderr.isTTY === true,
    showProgress: !json && process.stderr.isTTY === true,
    async postgresStore() {
      if (storeUrl === undefined) throw new Error("postgresStore() without a store URL");
      const { storage } = await runtime();
      if (storage === undefined) throw new Error("postgresStore(): the runtime opened no store");
      return storage;
    },
    async close() {
      const opened = runtimePromise;
      runtimePromise = undefined;
      await (await opened?.catch(() => undefined))?.close();
      // The spans of this command's calls go out before the process exits.
      await (await tracing?.catch(() => undefined))?.shutdown();
    },
    async service() {
      return (await runtime()).service;
    },
    async auditedService(channel) {
      // Agent calls are traced when OTEL_EXPORTER_OTLP_ENDPOINT (or the traces one) is set; otherwise nothing of the SDK loads.
      if (
        tracing === undefined &&
        (hasValue(process.env.OTEL_EXPORTER_OTLP_ENDPOINT) || hasValue(process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT))
      ) {
        tracing = import("@src/server/internal").then(({ startTracingFromEnvironment }) =>
          // A command waits at most 1.5 s for its last spans: a collector that is down does not hold the shell for 10 s.
          startTracingFromEnvironment(process.env, { serviceName: "src", shutdownDeadlineMs: 1500 }),
        );
        await tracing;
      }
      return (await runtime()).audited(channel);
    },
    async operations({ auditChannel } = {}) {
      if (remote !== undefined) {
        const [{ createRemoteOperations }, client] = await Promise.all([
          import("./remote/create-remote-operations"),
          createRemoteClient(remote),
        ]);
        return createRemoteOperations(client);
      }
      return auditChannel === undefined ? this.service() : this.auditedService(auditChannel);
    },
    async authRegistry() {
      if (remote === undefined) return (await runtime()).registry;
      // Remotely only the modes are needed (the flags of `src source add`): the plugins, no store.
      const [{ createAuthRegistryFromEnvironment }, { defaultAuthPlugins }] = await Promise.all([
        import("@src/service/plugins"),
        import("@src/auth-presets"),
      ]);
      return createAuthRegistryFromEnvironment(process.env, { plugins: defaultAuthPlugins() });
    },
    remoteClient() {
      if (remote === undefined) throw new Error("remoteClient() in local mode");
      return createRemoteClient(remote);
    },
  };
}
