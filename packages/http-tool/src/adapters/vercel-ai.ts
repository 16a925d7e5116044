import type { ApiTool } from "../create-api-tool";
import { formatToolResult } from "../format-tool-result";
import type { JsonSchemaObject } from "../tool-input-json-schema";
import type { ToolResult } from "../tool-result";

/**
 * The Vercel AI SDK's schema marker (`jsonSchema()` of `ai` builds the same
 * object). Used instead of the zod schema because the SDK converts zod 4
 * schemas without `unrepresentable: "any"`, which fails on the optional query values.
 */
const schemaMarker = Symbol.for("vercel.ai.schema");
const validatorMarker = Symbol.for("vercel.ai.validator");

/** The input schema in the SDK's `Schema` shape: our JSON Schema; validation is left to `execute`. */
export interface VercelAiInputSchema {
  readonly [schemaMarker]: true;
  readonly [validatorMarker]: true;
  readonly _type: unknown;
  readonly jsonSchema: JsonSchemaObject;
  validate(value: unknown): { success: true; value: unknown };
}

/** What `tool()` of the `ai` package (v5) accepts. */
export interface VercelAiTool {
  description: string;
  inputSchema: VercelAiInputSchema;
  execute(input: unknown, options: { abortSignal?: AbortSignal | undefined }): Promise<ToolResult>;
  /** The model reads `formatToolResult(result)`; the application keeps the structured result. */
  toModelOutput(output: ToolResult): { type: "text"; value: string };
}

/**
 * A Vercel AI SDK tool for `tool`: `tools: { [apiTool.name]: tool(toVercelAiTool(apiTool)) }`.
 * Any input reaches `execute`, which answers an invalid call with an
 * `INVALID_CALL` result the model can act on.
 */
export function toVercelAiTool(tool: ApiTool): VercelAiTool {
  return {
    description: tool.description,
    inputSchema: {
      [schemaMarker]: true,
      [validatorMarker]: true,
      _type: undefined,
      jsonSchema: tool.inputSchema,
      validate: (value) => ({ success: true, value }),
    },
    execute: (input, options) => tool.execute(input, { signal: options.abortSignal }),
    toModelOutput: (output) => ({ type: "text", value: formatToolResult(output) }),
  };
}
