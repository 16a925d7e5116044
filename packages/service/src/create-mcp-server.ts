import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { toMcpCallToolResult, toMcpToolDefinition, type JsonSchemaObject } from "@src/http-tool";
import type { SourceService } from "./source-service";

/** Options of `createMcpServer`. */
export interface McpServerOptions {
  /** Server name announced to clients. Default `"src"`. */
  name?: string;
  /** Server version announced to clients. Default `"0.0.0"`. */
  version?: string;
}

const instructions =
  "Each tool calls one connected REST API. Authentication is attached automatically: never send tokens, keys or passwords. " +
  "Results are bounded; follow `nextPath` to page.";

/**
 * An MCP server (official SDK, low-level `Server`) exposing one tool per enabled
 * source. The tool list is read afresh on every `tools/list`; call
 * `server.sendToolListChanged()` when sources change (see `watchSources`).
 * One server per connection: create one for each transport.
 */
export function createMcpServer(service: SourceService, options: McpServerOptions = {}): Server {
  const server = new Server(
    { name: options.name ?? "src", version: options.version ?? "0.0.0" },
    { capabilities: { tools: { listChanged: true } }, instructions },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await service.listTools()).map((tool) => ({
      ...toMcpToolDefinition({ ...tool, inputSchema: tool.inputSchema as JsonSchemaObject }, { title: tool.sourceName }),
      title: tool.sourceName,
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    try {
      const result = await service.callTool(request.params.name, request.params.arguments ?? {}, { signal: extra.signal });
      return toMcpCallToolResult(result) as unknown as Record<string, unknown> & { content: [] };
    } catch (error) {
      return { content: [{ type: "text" as const, text: `error: ${(error as Error).message}` }], isError: true };
    }
  });

  return server;
}
