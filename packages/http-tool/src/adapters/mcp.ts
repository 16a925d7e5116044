import type { AgentTool } from "../tool/create-api-tool";
import { formatToolResult } from "../result/format-tool-result";
import type { JsonSchemaObject } from "../tool/tool-input-json-schema";
import type { ToolResult } from "../result/tool-result";
import { resultResourceUri } from "../stored-results/result-resource-uri";

/** A tool as listed by an MCP server (`tools/list`), shaped per the Model Context Protocol spec. */
export interface McpToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchemaObject;
  annotations: {
    title: string;
    /** `api_<slug>`: false, the agent may call any method, writes included; true for a read-only source or token, and for the read tool of a split pair. `api_<slug>_operations`: true. */
    readOnlyHint: boolean;
    /** The opposite of `readOnlyHint`: a tool that may write may delete or overwrite upstream data. */
    destructiveHint: boolean;
    /** Call tools: true, calls go to an external API (read-only ones too). `api_<slug>_operations`: false, it reads the document. */
    openWorldHint: boolean;
  };
}

/** A link to a stored result the client can read with `resources/read` (MCP `resource_link` content). */
export interface McpResourceLink {
  type: "resource_link";
  uri: string;
  name: string;
  description: string;
  mimeType: string;
}

/** The answer to an MCP `tools/call`: the text an agent reads plus the structured result (and a link to the whole body when it was cut and kept). */
export interface McpCallToolResult {
  content: [{ type: "text"; text: string }] | [{ type: "text"; text: string }, McpResourceLink];
  structuredContent: ToolResult & Record<string, unknown>;
  /** True for non-2xx statuses and failures without a response. */
  isError: boolean;
}

/**
 * The MCP tool definition of `tool`, ready to register with an MCP server. No `outputSchema` is declared.
 * `title` (default: the tool name) is what clients show people, e.g. the source's display name.
 */
export function toMcpToolDefinition(
  tool: Pick<AgentTool, "name" | "description" | "inputSchema" | "readOnly" | "openWorld">,
  { title = tool.name }: { title?: string } = {},
): McpToolDefinition {
  const readOnly = tool.readOnly === true;
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    annotations: {
      title,
      readOnlyHint: readOnly,
      destructiveHint: !readOnly,
      openWorldHint: tool.openWorld ?? !readOnly,
    },
  };
}

/**
 * The MCP `tools/call` result for `result`. A cut result whose whole body is
 * kept (`resultRef`) also carries a `resource_link` to it
 * (`src://results/<resultRef>`), which the server answers in `resources/read`.
 */
export function toMcpCallToolResult(result: ToolResult): McpCallToolResult {
  const text = { type: "text" as const, text: formatToolResult(result) };
  const content: McpCallToolResult["content"] =
    result.resultRef === undefined || result.part !== undefined
      ? [text]
      : [
          text,
          {
            type: "resource_link",
            uri: resultResourceUri(result.resultRef),
            name: `result ${result.resultRef}`,
            description:
              `The whole body of ${result.request.method} ${result.request.url}, kept a limited time for this caller (the text says how long); read it in parts (?offset=N)`.slice(
                0,
                500,
              ),
            mimeType: result.body.kind === "json" ? "application/json" : "text/plain",
          },
        ];
  return { content, structuredContent: { ...result }, isError: !result.ok };
}
