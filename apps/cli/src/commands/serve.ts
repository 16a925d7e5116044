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
  metricsToken?: string;
}

const collect = (value: string, previous: string[]): string[] => [...previous, value];

/** `src serve`: the HTTP API and MCP over HTTP, from `@src/server`. */
export function registerServe(program: Command): void {
  program
    .command("serve")
    .description("run the HTTP server (sources API, tool calls, MCP over HTTP) until stopped")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", "port to listen on (0 picks a free one)", "7410")
    .option("--allowed-host <name>", "another name clients reach the server by (Host header); repeat it. Default: only the listening address (and localhost on loopback)", collect, [])
    .option("--cors-origin <origin>", "a web page origin allowed to call from a browser, e.g. https://app.example.com; repeat it. Default: none", collect, [])
    .option("--result-ttl <seconds>", "how long a cut result stays readable by its resultRef, from 1 to 86400 seconds. Default: 900 (15 minutes)")
    .option("--metrics-token <token>", "a token that opens GET /metrics only, for a Prometheus scraper (SRC_METRICS_TOKEN keeps it out of the process list). Default: the admin token only")
    .action(
      defineAction<ServeFlags>(async (context, { host, port, allowedHost, corsOrigin, resultTtl, metricsToken }) => {
        const portNumber = Number(port);
        if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) {
          throw new UsageError({ message: `--port ${JSON.stringify(port)}: must be a whole number from 0 to 65535` });
        }
        if (resultTtl !== undefined && !/^\d+$/.test(resultTtl)) {
          throw new UsageError({ message: `--result-ttl ${JSON.stringify(resultTtl)}: must be a whole number of seconds from 1 to 86400, e.g. 900` });
        }
        const module = await loadServerModule();
        // Logs (JSON lines) go to stderr so stdout carries only the listening line, or `{ "url" }` with --json.
        const logger = module.createServerLogger({ destination: process.stderr });
        const server = await module.startServer({ home: context.home, ...(context.storeUrl === undefined ? {} : { store: context.storeUrl }), host, port: portNumber, env: process.env, logger, allowedHosts: allowedHost, corsOrigins: corsOrigin, ...(resultTtl === undefined ? {} : { resultTtlSeconds: Number(resultTtl) }), ...(metricsToken === undefined ? {} : { metricsToken }) });
        if (context.json) writeJson({ url: server.url });
        else writeLine(`src serve: listening on ${server.url}${server.tokenFile === null ? "" : ` (bearer token in ${server.tokenFile})`}; Ctrl-C to stop`);
        await new Promise<void>((resolve) => {
          process.once("SIGINT", resolve);
          process.once("SIGTERM", resolve);
        });
        writeError("src serve: stopping");
        await server.close();
      }),
    );
}
