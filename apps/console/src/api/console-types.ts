export type { ActivityEntry, ApiToolCall, OperationsToolCall, SourceRecord, SourceSummary, ToolCall, ToolResult, ToolSummary, ValidationOutcome } from "@src/client";

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
