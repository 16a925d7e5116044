import type { ToolCall } from "@src/client";

export type { ActivityEntry, SourceRecord, SourceSummary, ToolCall, ToolResult, ToolSummary, ValidationOutcome } from "@src/client";

/** A JSON Schema node, as far as the form reads it. */
export interface JsonSchemaNode {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  anyOf?: JsonSchemaNode[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  items?: JsonSchemaNode;
  additionalProperties?: boolean | JsonSchemaNode;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** One auth mode as `GET /v1/config-schema` describes it. */
export interface AuthTypeDescription {
  type: string;
  description: string;
  configSchema: JsonSchemaNode;
  credentialFields: { name: string; label: string; secret: boolean }[];
}

/** The answer of `GET /v1/config-schema`. */
export interface ConfigSchemaAnswer {
  schema: JsonSchemaNode;
  authTypes: AuthTypeDescription[];
}

/** A call of an `api_<slug>` tool: the request to send. */
export type ApiToolCall = Extract<ToolCall, { method: string }>;
/** A call of an `api_<slug>_operations` tool: a search of the source's OpenAPI operations, or one operation by id. */
export type OperationsToolCall = Exclude<ToolCall, { method: string }>;
