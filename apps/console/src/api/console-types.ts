export type {
  ActivityEntry,
  AgentTokenSummary,
  ApiToolCall,
  OperationsToolCall,
  SourceRecord,
  SourceSummary,
  ToolCall,
  ToolResult,
  ToolSummary,
  ValidationOutcome,
} from "@src/client";

/** A JSON Schema node, as far as the form reads it. */
export interface JsonSchemaNode {
  type?: string | string[];
  /** The field's label, when its declaration gives one. */
  title?: string;
  description?: string;
  examples?: unknown[];
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

/** One field an auth mode declares (`describeAuthFields` of `@src/auth`). */
export interface AuthField {
  name: string;
  label: string;
  description: string;
  secret: boolean;
  required: boolean;
  kind: "text" | "number" | "boolean" | "list" | "choice";
  choices?: string[];
  default?: unknown;
  example?: unknown;
}

/** One auth mode as `GET /v1/config-schema` describes it. */
export interface AuthTypeDescription {
  type: string;
  description: string;
  configSchema: JsonSchemaNode;
  credentialFields: { name: string; label: string; secret: boolean }[];
  /** Every field the mode declares; the credential's keyed by an api list when `credentialKeysFrom` is set. */
  fields: { config: AuthField[]; credential: AuthField[]; credentialKeysFrom?: { field: string; each: AuthField } };
  /** Whether the mode signs a person in. */
  signIn: boolean;
}

/** The answer of `GET /v1/config-schema`. */
export interface ConfigSchemaAnswer {
  schema: JsonSchemaNode;
  authTypes: AuthTypeDescription[];
}
