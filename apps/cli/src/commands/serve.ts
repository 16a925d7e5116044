import type { Command } from "commander";
import { defineAction } from "../define-action";
import { loadServerModule } from "../input/load-server-module";
import { UsageError } from "../errors/usage-error";
import { writeError, writeJson, writeLine } from "../output/write-output";

interface ServeFlags {
  host: string;
  port: string;
  allowedHost: string[];
  corsOrigin: string[];
  resultTtl?: string;
  publicUrl?: string;
  oauth: boolean;
  oauthDcr: boolean;
  oauthIssuer?: string;
  oauthAllowLoopbackClients?: boolean;
  oauthAccessTokenTtl?: string;
  oauthCodeTtl?: string;
  oauthConsoleClientId?: string;
  metricsToken?: string;
}

const seconds = (flag: string, value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    throw new UsageError({ message: `${flag} ${JSON.stringify(value)}: must be a whole number of seconds` });
  return Number(value);
};

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** `src serve`: the HTTP API and MCP over HTTP, from `@src/server`. */
export function registerServe(program: Command): void {
  program
    .command("serve")
    .description("run the HTTP server (sources API, tool calls, MCP over HTTP) until stopped")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", "port to listen on (0 picks a free one)", "7410")
    .option(
      "--allowed-host <name>",
      "another name clients reach the server by (Host header); repeat it. Default: only the listening address (and localhost on loopback)",
      collect,
      [],
    )
    .option(
      "--cors-origin <origin>",
      "a web page origin allowed to call from a browser, e.g. https://app.example.com; repeat it. Default: none",
      collect,
      [],
    )
    .option(
      "--result-ttl <seconds>",
      "how long a cut result stays readable by its resultRef, from 1 to 86400 seconds. Default: 900 (15 minutes)",
    )
    .option(
      "--public-url <url>",
      "the https origin agents reach the server by (behind a reverse proxy or TLS terminator), e.g. https://src.example.com; hosted agents are given <url>/mcp. Default: $SRC_PUBLIC_URL, else the listening address",
    )
    .option(
      "--no-oauth",
      "no OAuth metadata and no authorization server on /mcp: static tokens only (the admin token, src token create)",
    )
    .option(
      "--no-oauth-dcr",
      "no Dynamic Client Registration: hosted agents register by Client ID Metadata Documents only",
    )
    .option(
      "--oauth-issuer <url>",
      "take JWT access tokens of this identity provider on /mcp (scopes src:SLUG, src:SLUG:read; audience <public url>/mcp) instead of the embedded authorization server",
    )
    .option(
      "--oauth-allow-loopback-clients",
      "Client ID Metadata Documents (and --oauth-issuer) may be on loopback and private addresses: for local development and tests only",
    )
    .option(
      "--oauth-access-token-ttl <seconds>",
      "an OAuth access token's lifetime, from 1 to 86400 seconds. Default: 3600",
    )
    .option("--oauth-code-ttl <seconds>", "an OAuth authorization code's lifetime, from 1 to 600 seconds. Default: 60")
    .option(
      "--oauth-console-client-id <id>",
      "with --oauth-issuer: the console's client at the identity provider (redirect URI <public url>/v1/auth/callback; its secret in SRC_OAUTH_CONSOLE_CLIENT_SECRET), by which people sign in there to use their connect links and open My connections",
    )
    .option(
      "--metrics-token <token>",
      "a token that opens GET /metrics only, for a Prometheus scraper (SRC_METRICS_TOKEN keeps it out of the process list). Default: the admin token only",
    )
    .action(
      defineAction<ServeFlags>(async (context, flags) => {
        const { host, port, allowedHost, corsOrigin, resultTtl } = flags;
        const portNumber = Number(port);
        if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) {
          throw new UsageError({ message: `--port ${JSON.stringify(port)}: must be a whole number from 0 to 65535` });
        }
        if (resultTtl !== undefined && !/^\d+$/.test(resultTtl)) {
          throw new UsageError({
            message: `--result-ttl ${JSON.stringify(resultTtl)}: must be a whole number of seconds from 1 to 86400, e.g. 900`,
          });
        }
        const module = await loadServerModule();
        // Logs (JSON lines) go to stderr so stdout carries only the listening line, or `{ "url" }` with --json.
        const logger = module.createServerLogger({ destination: process.stderr });
        const oauth = {
          enabled: flags.oauth,
          dynamicRegistration: flags.oauthDcr,
          allowLoopbackClients: flags.oauthAllowLoopbackClients === true,
          ...(flags.oauthIssuer === undefined ? {} : { issuer: flags.oauthIssuer }),
          accessTokenTtlSeconds: seconds("--oauth-access-token-ttl", flags.oauthAccessTokenTtl),
          codeTtlSeconds: seconds("--oauth-code-ttl", flags.oauthCodeTtl),
          ...(flags.oauthConsoleClientId === undefined ? {} : { consoleClientId: flags.oauthConsoleClientId }),
        };
        const server = await module.startServer({
          home: context.home,
          ...(context.storeUrl === undefined ? {} : { store: context.storeUrl }),
          host,
          port: portNumber,
          env: process.env,
          logger,
          allowedHosts: allowedHost,
          corsOrigins: corsOrigin,
          ...(resultTtl === undefined ? {} : { resultTtlSeconds: Number(resultTtl) }),
          ...(flags.publicUrl === undefined ? {} : { publicUrl: flags.publicUrl }),
          oauth,
          ...(flags.metricsToken === undefined ? {} : { metricsToken: flags.metricsToken }),
        });
        if (context.json)
          writeJson({
            url: server.url,
            publicUrl: server.publicUrl,
            mcpUrl: `${server.publicUrl}/mcp`,
            oauth: server.oauth,
          });
        else {
          writeLine(
            `src serve: listening on ${server.url}${server.tokenFile === null ? "" : ` (bearer token in ${server.tokenFile})`}; Ctrl-C to stop`,
          );
          if (server.oauth !== "off")
            writeLine(
              `Hosted agents (Claude, ChatGPT, VS Code) connect to ${server.publicUrl}/mcp and sign in with OAuth${server.oauth === "issuer" ? " at your identity provider" : " (you allow each one in the browser)"}.`,
            );
        }
        await new Promise<void>((resolve) => {
          process.once("SIGINT", resolve);
          process.once("SIGTERM", resolve);
        });
        writeError("src serve: stopping");
        await server.close();
      }),
    );
}
