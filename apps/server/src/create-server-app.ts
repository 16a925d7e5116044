import type { OpenAPIHono } from "@hono/zod-openapi";
import { callAuditFileOf, createCallAuditLog, type CallAuditLog, type SourceService } from "@src/service";
import { createMcpServer } from "@src/service/mcp";
import type { Logger } from "pino";
import type { RouteContext } from "./app-context";
import {
  createFileAgentAccessStore,
  createFileConnectLinkStore,
  type AgentAccessStore,
  type ConnectLinkStore,
} from "@src/config";
import { createAgentTokenIndex } from "./agent-tokens/agent-token-index";
import { createAgentTokenStore, slugsOfSourceStore } from "./agent-tokens/agent-token-store";
import { authorizeCaller } from "./agent-tokens/authorize-caller";
import { checkHost, type AllowedHosts } from "./check-host";
import { checkOrigin } from "./check-origin";
import { createCallGate } from "./create-call-gate";
import { createOpenApiApp } from "./create-open-api-app";
import { createServerLogger } from "./create-server-logger";
import { limitBodySize } from "./limit-body-size";
import { logRequests } from "./log-requests";
import { errorBody } from "./error-response";
import { SERVER_ERROR_CODES } from "./errors/server-error";
import { registerErrorHandlers } from "./register-error-handlers";
import { requireJsonBody } from "./require-json-body";
import { createMcpSessions } from "./mcp/mcp-sessions";
import { registerCommandRoutes } from "./routes/command-routes";
import { registerHealthRoutes } from "./routes/health-routes";
import { registerMcpRoutes } from "./routes/mcp-routes";
import { registerOperationsRoutes } from "./routes/operations-routes";
import { createFileSignInStore } from "@src/config";
import type { SignInStore } from "@src/auth";
import { registerSourceActionRoutes } from "./routes/source-action-routes";
import { registerSourceRoutes } from "./routes/source-routes";
import { registerTokenRoutes } from "./routes/token-routes";
import { connectLinksOfServer } from "./connect/connect-links";
import { registerPersonAndSignInRoutes } from "./connect/register-person-routes";
import type { ConsoleClient } from "./connect/identity-provider-sign-in";
import { personSignInOf } from "./connect/person-sign-in";
import { registerToolRoutes } from "./routes/tool-routes";
import { registerActivityRoutes } from "./activity/activity-routes";
import { defaultConsoleDirectory, loadConsoleAssets } from "./console/console-assets";
import { registerConsoleRoutes } from "./console/console-routes";
import { registerConfigSchemaRoutes } from "./routes/config-schema-routes";
import { createSourceCallLimiter } from "./source-call-limiter";
import { normalizeServerLimits, type ServerLimits } from "./server-limits";
import { createServerMetrics, type ServerMetrics } from "./metrics/server-metrics";
import { registerMetricsRoute } from "./metrics/metrics-route";
import type { HostedOAuthSettings } from "./hosted-oauth/hosted-oauth-settings";
import { oauthEndpointPaths, oauthPublicPaths } from "./hosted-oauth/oauth-protocol-routes";
import { registerConsentRoutes } from "./hosted-oauth/consent-routes";
import { protectedResourceOf } from "./hosted-oauth/protected-resource-of";
import { registerHostedOAuth } from "./hosted-oauth/register-hosted-oauth";

/** Options of `createServerApp`. */
export interface ServerAppOptions {
  /** The shared service (`createSourceService` from `@src/service`). */
  service: SourceService;
  /** The admin token every route but `/healthz` and `/readyz` requires as `Authorization: Bearer <token>` (agent tokens reach only the tool routes and `/mcp`). */
  token: string;
  /** The home directory whose `agent-tokens.json` holds the agent tokens (unless `access` is given). Default: the service's home. */
  home?: string;
  /** Where agent tokens, hosted agents' grants and OAuth state live. Default: the file store of `home` (`@src/config`). */
  access?: AgentAccessStore;
  /**
   * OAuth 2.1 for hosted agents on `/mcp` (the MCP authorization spec): the
   * embedded authorization server with consent per source, or JWTs of an
   * identity provider. Default: off (static tokens only). `startServer` sets it.
   */
  oauth?: HostedOAuthSettings | undefined;
  /** The `Host` names answered; others get 403 (DNS rebinding guard). Default: no check (`startServer` always sets it). */
  allowedHosts?: AllowedHosts;
  /** Web page origins allowed to call from a browser (CORS); other browser origins get 403. Default none. */
  corsOrigins?: readonly string[];
  /** The pino logger. Default: `createServerLogger()` (JSON lines on standard output). */
  logger?: Logger;
  /** Body size, per-source concurrency and shutdown limits. Default `defaultServerLimits`. */
  limits?: ServerLimits;
  /** Name and version announced to MCP clients. Default `{ name: "src", version: "0.1.0" }`. */
  mcp?: { name?: string; version?: string };
  /**
   * Where each agent call's audit line is appended, besides the stdout log. Default:
   * `$SRC_HOME/logs/calls.jsonl` of the service, the file `src call`, `src mcp` and `src logs` share; `false` for none.
   */
  auditLog?: CallAuditLog | false;
  /**
   * Checks what `/readyz` reports besides the server itself: the shared store's
   * database and change listener (`@src/store-postgres`). Default: none (the
   * file store is ready when the server is).
   */
  readiness?: ((timeoutMs: number) => Promise<{ database: boolean; listener: boolean }>) | undefined;
  /** The built console served at `/` (a directory with `index.html`), or `false` for none. Default: the server package's `dist/console`. */
  consoleDirectory?: string | false;
  /**
   * Where sign-ins in progress live, shared by every process that may receive their redirect: the PostgreSQL
   * store's `signIns` (`@src/store-postgres`). Default: `<home>/sign-ins.json` (`createFileSignInStore`).
   */
  signIns?: SignInStore | undefined;
  /**
   * Where the connect links of per-user sources live, shared by every process that may receive a link or wait for it:
   * the PostgreSQL store's `connectLinks` (`@src/store-postgres`). Default: `<home>/connect-links.json`
   * (`createFileConnectLinkStore`).
   */
  connectLinks?: ConnectLinkStore | undefined;
  /** How many agent calls `GET /v1/activity` answers without a `limit` (it reads them from the audit log). Default 500. */
  activityCapacity?: number;
  /**
   * The Prometheus metrics `GET /metrics` answers; pass the same object's `observer` to `createSourceService` to
   * count token requests and vault and store failures too (`startServer` does). Default: new ones, of the calls only.
   */
  metrics?: ServerMetrics;
  /** A token that opens `GET /metrics` only (a scraper's), besides the admin token. Default none. */
  metricsToken?: string;
  /**
   * The console's client at the team's identity provider (`--oauth-console-client-id`, its secret in
   * `SRC_OAUTH_CONSOLE_CLIENT_SECRET`). With `oauth` in issuer mode, people sign in there (OpenID Connect) to use a
   * connect link for their `idp:SUB` and to open "My connections". Default: none (such links are refused, with a
   * message that says what the operator does).
   */
  consoleClient?: ConsoleClient | undefined;
  /**
   * The origin named by the links people open in a browser: a connect link, and the redirect URI of a sign-in started
   * from the console (the upstream's, the identity provider's). Default: the public URL of `oauth`, else `""`. `""`:
   * the origin each request came to, by its `Host` (which `allowedHosts` let through). `startServer` gives `""` when
   * it listens on every interface (`0.0.0.0`, `::`) without `--public-url`: no browser opens `http://0.0.0.0:7410`.
   */
  browserUrl?: string;
}

/** The server app: the Hono app plus what a host process needs to run it. */
export interface ServerApp {
  /** The Hono app; serve `app.fetch` with any web-standard server. */
  app: OpenAPIHono;
  /** Sends `notifications/tools/list_changed` to every live MCP session. */
  notifyToolsChanged(): Promise<void>;
  /** Live MCP sessions. */
  mcpSessionCount(): number;
  /** Refuses new agent calls, waits for in-flight ones (at most `limits.shutdownTimeoutMs`), closes MCP sessions. True when every call finished. */
  shutdown(): Promise<boolean>;
}

/** When the source of `slug` was created (epoch ms), or `undefined` when there is none: a connect link is for the source it was issued for, and one added again under its slug since is another. */
async function sourceCreatedAt(service: SourceService, slug: string): Promise<number | undefined> {
  const { source } = await service.getSource(slug).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === "SOURCE_NOT_FOUND") return { source: undefined };
    throw error;
  });
  return source === undefined ? undefined : Date.parse(source.createdAt);
}

/** The origin the links people open in a browser name (`browserUrl`): `""` for the origin of each request. */
const browserUrlOf = (options: ServerAppOptions): string => options.browserUrl ?? options.oauth?.publicUrl ?? "";

/** Builds the HTTP API and MCP endpoint over one `SourceService`. */
export function createServerApp(options: ServerAppOptions): ServerApp {
  const { service, token } = options;
  const logger = options.logger ?? createServerLogger();
  const limits = normalizeServerLimits(options.limits);
  const limiter = createSourceCallLimiter({
    maxConcurrent: limits.maxConcurrentCallsPerSource,
    maxQueued: limits.maxQueuedCallsPerSource,
    retryAfterSeconds: limits.retryAfterSeconds,
  });
  const auditLog =
    options.auditLog === false
      ? undefined
      : (options.auditLog ??
        createCallAuditLog({
          home: service.home,
          onError: (problem) =>
            logger.warn(
              { event: "audit_log_failed", message: (problem as Error).message },
              "could not append to the audit log",
            ),
        }));
  const metrics = options.metrics ?? createServerMetrics();
  // A per-user source's NOT_CONNECTED answer carries a link to the console's connect page; over MCP, URL elicitation.
  const connect = connectLinksOfServer(
    browserUrlOf(options),
    options.connectLinks ?? createFileConnectLinkStore({ home: options.home ?? service.home }),
    (slug) => sourceCreatedAt(service, slug),
  );
  const gate = createCallGate({ service, limiter, logger, auditLog, metrics, connectUrlFor: connect.connectUrlFor });
  const sessions = createMcpSessions({
    createServer: (caller, requestUrl) =>
      createMcpServer(gate.serviceFor("mcp", caller, requestUrl), {
        name: options.mcp?.name ?? "src",
        version: options.mcp?.version ?? "0.1.0",
        waitForConnection: connect.waitForConnection,
      }),
    logger,
    maxBodyBytes: limits.maxBodyBytes,
  });
  const home = options.home ?? service.home;
  /** Set once shutdown starts: `/readyz` answers 503 so load balancers stop sending requests. */
  let shuttingDown = false;
  const access = options.access ?? createFileAgentAccessStore({ home });
  const tokens = {
    store: createAgentTokenStore({ access, sourceSlugs: slugsOfSourceStore(service.store) }),
    index: createAgentTokenIndex({
      access,
      onDamaged: (failure) =>
        logger.error(
          { event: "agent_tokens_damaged", errorMessage: failure.message },
          "agent tokens refused until the token store is readable",
        ),
    }),
  };
  const oauth = options.oauth?.mode === "off" ? undefined : options.oauth;
  const protectedResource = oauth === undefined ? undefined : protectedResourceOf(oauth, service);

  const app = createOpenApiApp();
  app.use("*", logRequests(logger));
  if (options.allowedHosts !== undefined) app.use("*", checkHost(options.allowedHosts));
  app.use(
    "*",
    checkOrigin(options.corsOrigins ?? [], {
      sameOrigins: oauth === undefined ? [] : [new URL(oauth.publicUrl).origin],
      openPaths:
        oauth === undefined
          ? new Set()
          : new Set([...oauthPublicPaths].filter((path) => path !== oauthEndpointPaths.authorize)),
    }),
  );
  // The console's page and files need no token (they hold no data); everything they fetch does.
  const consoleAssets =
    options.consoleDirectory === false
      ? undefined
      : loadConsoleAssets(options.consoleDirectory ?? defaultConsoleDirectory());
  registerConsoleRoutes(app, consoleAssets);
  if (protectedResource !== undefined)
    registerHostedOAuth(app, { resource: protectedResource, access, logger, consoleAssets });
  app.use(
    "*",
    authorizeCaller({
      adminToken: token,
      agentTokens: tokens.index,
      resource: protectedResource,
      metricsToken: options.metricsToken,
    }),
  );
  app.use(
    "*",
    limitBodySize({
      maxSize: limits.maxBodyBytes,
      // The rest of the body is never read, so the connection cannot be reused: tell the client.
      onError: (c) =>
        c.json(
          errorBody(
            SERVER_ERROR_CODES.BODY_TOO_LARGE,
            `the request body is larger than ${limits.maxBodyBytes} bytes; send a smaller body`,
          ),
          413,
          { connection: "close" },
        ),
    }),
  );
  app.use("/v1/*", requireJsonBody());

  const context: RouteContext = { app, service, gate, sessions, logger, tokens };
  registerHealthRoutes(context, { readiness: options.readiness, isShuttingDown: () => shuttingDown });
  registerSourceRoutes(context);
  registerSourceActionRoutes(context);
  registerOperationsRoutes(context);
  registerToolRoutes(context);
  registerCommandRoutes(context);
  registerTokenRoutes(context);
  const signInRoutes = registerPersonAndSignInRoutes(context, {
    links: connect.links,
    adminToken: token,
    publicUrl: browserUrlOf(options),
    signInStore: options.signIns ?? createFileSignInStore({ home }),
    signInLifetimeMs: limits.signInLifetimeMs,
    personSignIn: personSignInOf(options.oauth, options.consoleClient),
  });
  if (oauth?.mode === "embedded") registerConsentRoutes(context, { settings: oauth, access });
  registerMcpRoutes(context);
  // Activity is the audit log every channel writes (`src logs` reads it too), not this process's memory.
  registerActivityRoutes(app, {
    auditFile: auditLog?.file ?? callAuditFileOf(service.home),
    defaultLimit: options.activityCapacity,
  });
  registerConfigSchemaRoutes(context);
  registerMetricsRoute(app, metrics);
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "src server",
      version: options.mcp?.version ?? "0.1.0",
      description: "REST API sources for AI agents: sources, credentials, tools, operator commands and MCP.",
    },
    security: [{ bearer: [] }],
  });
  registerErrorHandlers(app, logger);

  const unsubscribe = service.onChange(() => void sessions.notifyToolsChanged());

  return {
    app,
    notifyToolsChanged: () => sessions.notifyToolsChanged(),
    mcpSessionCount: () => sessions.size(),
    async shutdown() {
      shuttingDown = true;
      gate.close();
      signInRoutes.stop();
      unsubscribe();
      const drained = await limiter.drain(limits.shutdownTimeoutMs);
      await sessions.closeAll();
      await tokens.index.flush();
      return drained;
    },
  };
}
