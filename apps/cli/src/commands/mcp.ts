import type { Command } from "commander";
import { defineAction } from "../define-action";
import { cliVersion } from "../cli-version";
import { writeError } from "../output/write-output";

/**
 * `src mcp`: an MCP server on stdio exposing one tool per enabled source.
 * Sends `notifications/tools/list_changed` when this process changes a source
 * or when files under `$SRC_HOME/sources` change (another `src`, an editor).
 * Nothing but protocol messages goes to stdout; notes go to stderr.
 */
export function registerMcp(program: Command): void {
  program
    .command("mcp")
    .description("serve the tools to an MCP client (Claude Desktop, Claude Code...) over stdio")
    .action(
      defineAction(async (context) => {
        const service = await context.auditedService("mcp-stdio");
        const [{ createMcpServer }, { StdioServerTransport }] = await Promise.all([
          import("@src/service/mcp"),
          import("@modelcontextprotocol/sdk/server/stdio.js"),
        ]);
        const server = createMcpServer(service, { name: "src", version: cliVersion });
        const announce = (): void => {
          // Before the client has connected there is nobody to tell; errors here are not the client's problem.
          server.sendToolListChanged().catch(() => undefined);
        };
        const stopListening = service.onChange(announce);
        const stopWatching = service.store.watch((changed) => {
          service.sourcesChanged(changed);
          announce();
        });
        // The listing stays in memory; the watcher names what to read again, and catches up before each listing.
        service.keepListingInMemory({ catchUp: async () => stopWatching.catchUp?.() });
        const closed = new Promise<void>((resolve) => {
          server.onclose = resolve;
          process.stdin.once("end", resolve);
          process.once("SIGINT", resolve);
          process.once("SIGTERM", resolve);
        });
        await server.connect(new StdioServerTransport());
        writeError(`src mcp: serving the tools of ${service.home} on stdio`);
        await closed;
        stopListening();
        stopWatching();
        await server.close().catch(() => undefined);
      }),
    );
}
