import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
  apiToolInstructions,
  parseResultResourceUri,
  resultResourceUriProblem,
  resultResourceUri,
  toMcpCallToolResult,
  toMcpToolDefinition,
  type JsonSchemaObject,
} from "@src/http-tool";
import { mcpConfirmerFor } from "./mcp-confirmer";
import { connectThroughElicitation, type WaitForConnection } from "./mcp-connect-elicitation";
import { decodeCursor, mcpToolPageSize, pageAfterCursor } from "./mcp-tool-page";
import type { SourceService } from "../sources/source-service";

/** Options of `createMcpServer`. */
export interface McpServerOptions {
  /** Server name announced to clients. Default `"src"`. */
  name?: string;
  /** Server version announced to clients. Default `"0.0.0"`. */
  version?: string;
  /** Most tools in one `tools/list` answer; clients follow `nextCursor`. Default `mcpToolPageSize` (500). */
  toolPageSize?: number;
  /**
   * Waits until a person connected through a `NOT_CONNECTED` answer's link (the server's connect links). Given, a
   * client that declared URL-mode elicitation is sent the link and the call is answered once the person connected.
   * Default: none (the link is in the result).
   */
  waitForConnection?: WaitForConnection | undefined;
}

/** Orders the tools as listed: by source, a source's `api_<slug>` before its `api_<slug>_write`, then its `api_<slug>_operations`. */
const kindRank = { call: 0, write: 1, operations: 2 } as const;
const toolKey = (tool: { source: string; kind: keyof typeof kindRank }): string =>
  `${tool.source}\u0000${kindRank[tool.kind]}`;

/** What every call tool shares, said once for the session (each tool's own description and schema stay short). */
const instructions = `${apiToolInstructions}\nOver MCP, a cut result also links its whole body as a resource (src://results/<resultRef>); resources/read gives it in parts (?offset=N).`;

/**
 * An MCP server (official SDK, low-level `Server`) exposing one tool per enabled
 * source. `tools/list` answers in pages of `mcpToolPageSize` tools (follow
 * `nextCursor`). The tool list is read afresh on every `tools/list`; call
 * `server.sendToolListChanged()` when sources change (see `watchSources`).
 * One server per connection: create one for each transport. Tools are
 * annotated as their policy says (`readOnlyHint` for a read-only source or
 * token and the read tool of a split pair); a call that a `confirm` rule
 * matches is confirmed by the person at the client through elicitation when
 * the client declares it, and refused with `CONFIRMATION_REQUIRED` otherwise.
 */
export function createMcpServer(service: SourceService, options: McpServerOptions = {}): Server {
  const server = new Server(
    { name: options.name ?? "src", version: options.version ?? "0.0.0" },
    { capabilities: { tools: { listChanged: true }, resources: {} }, instructions },
  );

  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const { cursor } = request.params ?? {};
    const pageSize = options.toolPageSize ?? mcpToolPageSize;
    // Only the sources from the cursor's on, and only enough tools for the page and to know whether more follow
    // (the cursor's source may give back up to one tool per kind already handed out): 10,000 sources are listed
    // once over all pages, not once per page.
    const tools = await service.listTools({
      fromSource: cursor === undefined ? undefined : decodeCursor(cursor).split("\u0000")[0],
      atLeast: pageSize + Object.keys(kindRank).length + 1,
    });
    const { page, nextCursor } = pageAfterCursor(tools, toolKey, cursor, pageSize);
    return {
      tools: page.map((tool) => ({
        ...toMcpToolDefinition(
          { ...tool, inputSchema: tool.inputSchema as JsonSchemaObject },
          { title: tool.sourceName },
        ),
        title: tool.sourceName,
      })),
      ...(nextCursor === undefined ? {} : { nextCursor }),
    };
  });

  // Stored results are not listed (they are linked from the cut results); only read.
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const named = parseResultResourceUri(uri);
    if (named === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        resultResourceUriProblem(uri) ??
          `no resource ${JSON.stringify(uri.slice(0, 200))}: this server reads only src://results/<resultRef> links from cut results`,
      );
    const read = await service.readStoredResult(named.ref, { offset: named.offset });
    if (!read.ok) throw new McpError(ErrorCode.InvalidParams, read.message);
    const next = read.nextOffset === undefined ? undefined : resultResourceUri(named.ref, read.nextOffset);
    return {
      contents: [{ uri, mimeType: read.mimeType, text: read.text }],
      _meta: {
        offset: read.offset,
        totalChars: read.totalChars,
        ...(next === undefined ? {} : { nextOffset: read.nextOffset, next }),
      },
    };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    try {
      // A call a `confirm` rule matches asks the person at the client (elicitation), when the client can.
      const confirm = mcpConfirmerFor(server, extra.requestId);
      const call = () =>
        service.callTool(request.params.name, request.params.arguments ?? {}, { signal: extra.signal, confirm });
      const first = await call();
      // A per-user source without the person's credential: the client that can opens the connect link, then the call goes on.
      const result = await connectThroughElicitation({
        server,
        result: first,
        requestId: extra.requestId,
        signal: extra.signal,
        waitForConnection: options.waitForConnection,
        callAgain: call,
      });
      return toMcpCallToolResult(result) as unknown as Record<string, unknown> & { content: [] };
    } catch (error) {
      return { content: [{ type: "text" as const, text: `error: ${(error as Error).message}` }], isError: true };
    }
  });

  return server;
}
