import type * as ServerModule from "@src/server";
import type { Command } from "commander";
import { defineAction } from "../define-action";
import { UnavailableError } from "../errors/unavailable-error";
import { UsageError } from "../errors/usage-error";
import { writeError, writeJson, writeLine } from "../output/write-output";

interface ServeFlags {
  host: string;
  port: string;
}

/** `src serve`: the HTTP API and MCP over HTTP, from `@src/server`. */
export function registerServe(program: Command): void {
  program
    .command("serve")
    .description("run the HTTP server (sources API, tool calls, MCP over HTTP) until stopped")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .option("--port <port>", "port to listen on (0 picks a free one)", "7410")
    .action(
      defineAction<ServeFlags>(async (context, { host, port }) => {
        const portNumber = Number(port);
        if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) {
          throw new UsageError({ message: `--port ${JSON.stringify(port)}: must be a whole number from 0 to 65535` });
        }
        let module: typeof ServerModule;
        try {
          module = await import("@src/server");
        } catch (error) {
          throw new UnavailableError({ module: "@src/server", hint: "build the workspace (npx -y pnpm@10 build) or reinstall @src/cli", cause: error });
        }
        // Logs (JSON lines) go to stderr so stdout carries only the listening line, or `{ "url" }` with --json.
        const logger = module.createServerLogger({ destination: process.stderr });
        const server = await module.startServer({ home: context.home, host, port: portNumber, env: process.env, logger });
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
