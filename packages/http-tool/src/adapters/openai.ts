import type { AgentTool } from "../tool/create-api-tool";
import type { JsonSchemaObject } from "../tool/tool-input-json-schema";

/** A function tool for the OpenAI Chat Completions `tools` array. */
export interface OpenAiFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: JsonSchemaObject };
}

/**
 * The OpenAI function-calling definition of `tool` (not `strict`: the body
 * accepts any JSON value). Run the model's `arguments` (after `JSON.parse`)
 * through `tool.execute` and send `formatToolResult(result)` back as the tool message.
 */
export function toOpenAiFunctionTool(tool: AgentTool): OpenAiFunctionTool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  };
}
