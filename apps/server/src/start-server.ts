import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import type { AuthRegistry } from "@src/auth";
import type { SourceWatch } from "@src/config";
import { defaultAuthPlugins } from "@src/auth-presets";
import { createResultStore } from "@src/http-tool";
import { openSourceRuntime } from "@src/service/runtime";
import type { PostgresStore } from "@src/store-postgres";
import type { Logger } from "pino";
import { createServerApp, type ServerApp } from "./create-server-app";
import { createServerLogger } from "./create-server-logger";
import { isLoopbackHost } from "./is-loopback-host";
import { isEveryInterfaceHost } from "./is-every-interface-host";
import { warnOfStartSettings } from "./warn-of-start-settings";
import { allowedHostsFor } from "./check-host";
import { checkServerOptions } from "./check-server-options";
import { listen } from "./listen";
import { resolveServerToken } from "./resolve-server-token";
import { startTracingFromEnvironment } from "./telemetry/start-tracing";
import { createServerMetrics } from "./metrics/server-metrics";
import { recordLocalServer } from "./local-server-record";
import type { ServerLimits } from "./server-limits";
import { hostedOAuthSettingsOf } from "./hosted-oauth/hosted-oauth-settings-of";

/** Options of `startServer`. */
export interface StartServerOptions {
  /** The home directory shared with the CLI. Default: `$SRC_HOME`, else `~/.src`. */
  home?: string;
  /** Address to bind. Default `"127.0.0.1"`; any non-loopback address requires `SRC_SERVER_TOKEN`. */
  host?: string;
  /** Port to bind; 0 picks a free one. Default 7410. */
  port?: number;
  /** Environment for `SRC_HOME`, `SRC_SERVER_TOKEN`, `SRC_AUTH_PLUGINS` and the vault key variables. Default `process.env`. */
  env?: Record<string, string | undefined>;
  /** The pino logger. Default: JSON lines on standard output. */
  logger?: Logger;
  /** Server limits. Default `defaultServerLimits`. */
  limits?: ServerLimits;
  /**
   * The auth plugins. Default: the built-in modes plus the modules listed
   * in `env.SRC_AUTH_PLUGINS` (comma-separated package names or file paths,
   * resolved from the working directory; see `loadAuthPlugins` in `@src/service`).
   */
  registry?: AuthRegistry;
  /** A `fetch` to send upstream calls with (tests, proxies). Default: `@src/http-tool`'s `node:http` transport. */
  fetch?: typeof fetch;
  /**
   * Extra names the server answers to in the `Host` header, besides the listening
   * address (and `localhost` on loopback). Requests naming any other host get
   * 403 (DNS rebinding guard). Default none.
   */
  allowedHosts?: readonly string[];
  /** Web page origins (`https://app.example.com`) allowed to call from a browser; every other browser origin gets 403. Default none. */
  corsOrigins?: readonly string[];
  /** Quiet time before a burst of changes in the store notifies MCP clients. Default 150 ms. */
  watchDebounceMs?: number;
  /**
   * Where the sources and credentials are: a `postgres://` URL shares them
   * between replicas (`@src/store-postgres`; the vault key must then come from
   * `SRC_VAULT_KEY`, `SRC_VAULT_KEYS` or `SRC_VAULT_PASSPHRASE`). Default:
   * `env.SRC_STORE`, else the file store in the home.
   */
  store?: string;
  /**
   * How long a cut result stays readable by its `resultRef` (and MCP
   * `resources/read`), in seconds: a whole number from 1 to 86400. Default 900
   * (15 minutes). `src serve --result-ttl`, `src-server --result-ttl`.
   */
  resultTtlSeconds?: number;
  /**
   * A token that opens `GET /metrics` and nothing else, for a Prometheus scraper (the admin token opens it too).
   * Default: `env.SRC_METRICS_TOKEN`, else none. At least 16 visible ASCII characters. `--metrics-token`.
   */
  metricsToken?: string;
  /**
   * The server's public URL, an origin such as `https://src.example.com`
   * (`--public-url`): what OAuth metadata names and hosted agents are given
   * (`<public URL>/mcp`), for a server behind a reverse proxy or TLS
   * terminator. Its host is answered besides the listening address. Default:
   * `env.SRC_PUBLIC_URL`, else the listening address.
   */
  publicUrl?: string;
  /** OAuth 2.1 on `/mcp` for hosted agents (Claude, ChatGPT, VS Code). Default: the embedded authorization server with dynamic registration. */
  oauth?: HostedOAuthOptions;
}

/** How hosted agents sign in to `/mcp`. */
export interface HostedOAuthOptions {
  /** `false` (`--no-oauth`): no metadata and no authorization server; static tokens only. Default true. */
  enabled?: boolean;
  /** `--oauth-issuer URL`: take JWT access tokens of this identity provider instead of the embedded authorization server. */
  issuer?: string;
  /** `false` (`--no-oauth-dcr`): clients register only by Client ID Metadata Documents. Default true. */
  dynamicRegistration?: boolean;
  /** `--oauth-allow-loopback-clients`: Client ID Metadata Documents (and an `--oauth-issuer`) may be on loopback and private addresses; for development and tests. Default false. */
  allowLoopbackClients?: boolean;
  /** `--oauth-access-token-ttl`: an access token's lifetime in seconds, 1 to 86400. Default 3600. */
  accessTokenTtlSeconds?: number;
  /** `--oauth-code-ttl`: an authorization code's lifetime in seconds, 1 to 600. Default 60. */
  codeTtlSeconds?: number;
  /**
   * `--oauth-console-client-id`: with `issuer`, the console's client at the identity provider, by which people sign
   * in there (OpenID Connect, redirect URI `<public URL>/v1/auth/callback`) to use a connect link for their `idp:SUB`
   * and to open "My connections". Its secret, if it has one, comes from `env.SRC_OAUTH_CONSOLE_CLIENT_SECRET` (never
   * a flag). Default: none (connect links for `idp:` principals are refused until it is given; the log says so).
   */
  consoleClientId?: string;
}

export { maxResultTtlSeconds } from "./check-server-options";

/** A running server. */
export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:7410`. */
  url: string;
  /** The public URL (`--public-url`, else `url`): hosted agents are given `<publicUrl>/mcp`. */
  publicUrl: string;
  /** How hosted agents sign in: `embedded`, `issuer` or `off`. */
  oauth: "embedded" | "issuer" | "off";
  /** The token file's path, or `null` when the token came from `SRC_SERVER_TOKEN`. Never the token itself. */
  tokenFile: string | null;
  /** The app behind the listener (for tests and embedding). */
  serverApp: ServerApp;
  /** Graceful shutdown: stop accepting, finish in-flight calls (bounded), close MCP sessions and watchers. */
  close(): Promise<void>;
}

/** Starts the HTTP API and MCP endpoint on one `SRC_HOME`, shared with the CLI. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 7410;
  const { publicOrigin, metricsToken, consoleClient } = checkServerOptions(options, { host, env });
  const resultTtlSeconds = options.resultTtlSeconds;
  const oauthOptions = options.oauth ?? {};

  const logger = options.logger ?? createServerLogger();
  // Before anything is bound or written, so a protocol it cannot export with stops the start; off, nothing of the SDK loads.
  const tracing = await startTracingFromEnvironment(process.env, {
    serviceName: "src-server",
    onExportFailure: (message) => logger.warn({ event: "trace_export_failed", message }, "traces not sent"),
  });
  const metrics = createServerMetrics();
  const storeUrl = options.store ?? (env.SRC_STORE?.trim() === "" ? undefined : env.SRC_STORE);
  // The composition the CLI shares, before anything is bound or written: a broken plugin module, no vault key, a wrong
  // key or an unreachable database stops the start with its own message.
  const runtime = await openSourceRuntime<PostgresStore>({
    home: options.home,
    env,
    plugins: defaultAuthPlugins(),
    registry: options.registry,
    openStorage:
      storeUrl === undefined
        ? undefined
        : async (context) =>
            (await import("@src/store-postgres")).openPostgresStore({
              url: storeUrl,
              ...context,
              origin: options.store === undefined ? "SRC_STORE" : "--store",
            }),
    fetch: options.fetch,
    // Cut results of this replica (each keeps its own); their lifetime is the one option of the store the server sets.
    results: createResultStore(resultTtlSeconds === undefined ? {} : { ttlMs: resultTtlSeconds * 1000 }),
    observer: metrics.observer,
    onAuditError: (problem) =>
      logger.warn(
        { event: "audit_log_failed", message: (problem as Error).message },
        "could not append to the audit log",
      ),
  }).catch(async (error: unknown) => {
    await tracing?.shutdown();
    throw error;
  });
  const { home, service, storage: shared } = runtime;
  const { token, tokenFile, generated } = await resolveServerToken({ home, env }).catch(async (error: unknown) => {
    await runtime.close().catch(() => undefined);
    await tracing?.shutdown();
    throw error;
  });
  if (shared !== undefined) metrics.watchStorePool(() => shared.poolStats());
  // The listing stays in memory; the watcher below names what to read again, and catches up before each listing.
  const watching: { stop?: SourceWatch } = {};
  service.keepListingInMemory({ catchUp: async () => watching.stop?.catchUp?.() });
  // The OAuth settings name the public URL, known only once the port is: the app is built after listening starts.
  const built: { app?: ServerApp } = {};
  const server = createAdaptorServer({
    fetch: (request, bindings) =>
      built.app === undefined ? new Response(null, { status: 503 }) : built.app.app.fetch(request, bindings),
    hostname: host,
  }) as Server;
  await listen(server, host, port).catch(async (error: unknown) => {
    await runtime.close().catch(() => undefined);
    await tracing?.shutdown();
    throw error;
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
  const oauth = hostedOAuthSettingsOf(publicOrigin ?? url, oauthOptions);
  // No browser opens http://0.0.0.0: without --public-url, the links people open name the address each request came to.
  const linksFollowHost = publicOrigin === undefined && isEveryInterfaceHost(host);
  const allowedHosts = allowedHostsFor(host, [
    ...(options.allowedHosts ?? []),
    ...(publicOrigin === undefined ? [] : [new URL(publicOrigin).hostname]),
  ]);
  const app = createServerApp({
    service,
    token,
    home,
    auditLog: runtime.auditLog,
    access: shared?.access,
    oauth,
    logger,
    limits: options.limits,
    allowedHosts,
    corsOrigins: options.corsOrigins,
    readiness: shared === undefined ? undefined : (timeoutMs) => shared.readiness(timeoutMs),
    metrics,
    metricsToken,
    signIns: shared?.signIns,
    connectLinks: shared?.connectLinks,
    consoleClient,
    ...(linksFollowHost ? { browserUrl: "" } : {}),
  });
  built.app = app;
  warnOfStartSettings(logger, {
    url,
    oauthMode: oauth.mode,
    publicUrlMissing: publicOrigin === undefined && !isLoopbackHost(host),
    linksFollowHost,
    consoleClient: consoleClient !== undefined,
  });
  const stopWatching = (watching.stop = service.store.watch(
    (changed) => {
      service.sourcesChanged(changed);
      logger.info({ event: "sources_changed" }, "sources changed in the store");
      void app.notifyToolsChanged();
    },
    { debounceMs: options.watchDebounceMs },
  ));
  // On loopback with the home's token file: say where this server listens, so the CLI with the same home finds the token.
  const removeRecord = tokenFile === null ? async () => undefined : await recordLocalServer({ home, url, logger });
  logger.info(
    {
      event: "listening",
      url,
      publicUrl: oauth.publicUrl,
      oauth: oauth.mode,
      home,
      store: shared?.location ?? "file",
      tokenFile,
      tokenGenerated: generated,
      tokenSource: tokenFile === null ? "SRC_SERVER_TOKEN" : "file",
      metricsToken: metricsToken !== undefined,
      tracing: tracing?.endpoint ?? null,
    },
    "listening",
  );

  let closing: Promise<void> | undefined;
  return {
    url,
    publicUrl: oauth.publicUrl,
    oauth: oauth.mode,
    tokenFile,
    serverApp: app,
    close() {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        const drained = await app.shutdown();
        stopWatching();
        await removeRecord().catch(() => undefined);
        await runtime.close().catch(() => undefined);
        server.closeIdleConnections();
        const timer = setTimeout(() => server.closeAllConnections(), 1000);
        await closed;
        clearTimeout(timer);
        // The spans of the last calls go out before the process ends.
        await tracing?.shutdown().catch(() => undefined);
        logger.info({ event: "stopped", drained }, "stopped");
      })();
      return closing;
    },
  };
}
