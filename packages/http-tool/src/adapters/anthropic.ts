import type { AgentTool } from "../tool/create-api-tool";
import type { JsonSchemaObject } from "../tool/tool-input-json-schema";

/** A client tool for the Anthropic Messages API `tools` array. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: JsonSchemaObject;
}

/**
 * The Anthropic tool definition of `tool`. Run a `tool_use` block's `input`
 * through `tool.execute` and answer with a `tool_result` whose content is
 * `formatToolResult(result)` and `is_error` is `!result.ok`.
 */
export function toAnthropicTool(tool: AgentTool): AnthropicTool {
  return { name: tool.name, description: tool.description, input_schema: tool.inputSchema };
}
