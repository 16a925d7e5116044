import type { AgentTool } from "../tool/create-api-tool";
import { formatToolResult } from "../result/format-tool-result";
import type { ToolResult } from "../result/tool-result";

/**
 * The `jsonSchema` helper of the `ai` package, passed in so this package does
 * not depend on it. (The zod schema is not handed to the SDK: it converts zod 4
 * schemas without `unrepresentable: "any"`, which fails on the optional query values.)
 */
export type VercelAiJsonSchemaHelper<TSchema> = (
  schema: never,
  options: { validate: (value: unknown) => { success: true; value: unknown } },
) => TSchema;

/** What `tool()` of the `ai` package (v5) accepts. */
export interface VercelAiTool<TSchema> {
  description: string;
  /** The tool's JSON Schema wrapped by the SDK's `jsonSchema()`; every input reaches `execute`. */
  inputSchema: TSchema;
  execute(input: unknown, options: { abortSignal?: AbortSignal | undefined }): Promise<ToolResult>;
  /** The model reads `formatToolResult(result)`; the application keeps the structured result. */
  toModelOutput(output: ToolResult): { type: "text"; value: string };
}

/**
 * A Vercel AI SDK tool for `tool`:
 * `import { jsonSchema, tool } from "ai"; tools: { [apiTool.name]: tool(toVercelAiTool(apiTool, { jsonSchema })) }`.
 * Validation is left to `execute`, which answers an invalid call with an
 * `INVALID_CALL` result the model can act on (rather than an SDK error).
 */
export function toVercelAiTool<TSchema>(
  tool: AgentTool,
  { jsonSchema }: { jsonSchema: VercelAiJsonSchemaHelper<TSchema> },
): VercelAiTool<TSchema> {
  return {
    description: tool.description,
    inputSchema: jsonSchema(tool.inputSchema as never, { validate: (value) => ({ success: true, value }) }),
    execute: (input, options) => tool.execute(input, { signal: options.abortSignal }),
    toModelOutput: (output) => ({ type: "text", value: formatToolResult(output) }),
  };
}
