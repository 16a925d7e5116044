/** The version of the cached index file's format; an index of another version is rebuilt. */
export const OPERATION_INDEX_FORMAT = 2;

/** HTTP methods an OpenAPI path item can hold, upper case. */
export const OPERATION_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"] as const;

/** A parameter of an operation (`$ref`s to components resolved, its schema's `$ref`s kept). */
export interface IndexedParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  description?: string;
  schema?: unknown;
}

/** One operation of the document, as the index keeps it. */
export interface IndexedOperation {
  /** The document's operationId, or one made from method and path (`get_/pets/{id}`) when it has none. */
  operationId: string;
  /** Upper case. */
  method: string;
  /** The path template as written, e.g. `/repos/{owner}/{repo}/issues`. */
  path: string;
  summary: string;
  /** The description, cut to a few hundred characters. */
  description: string;
  tags: string[];
  deprecated: boolean;
  parameters: IndexedParameter[];
  /** The request body: whether it is required, its media types, and the schema of its JSON media type. */
  requestBody?: { required: boolean; mediaTypes: string[]; schema?: unknown };
  /** The first 2xx response (or `default`): status, description, media type and schema. */
  response?: { status: string; description: string; mediaType?: string; schema?: unknown };
  /** The operation's own security requirements (alternatives of scheme names); absent: the document's. */
  security?: string[][];
}

/** A security scheme in brief, enough to choose an auth mode. */
export interface SecuritySchemeSummary {
  type: string;
  /** For `http`: `bearer`, `basic`... */
  scheme?: string;
  /** For `apiKey`: `header`, `query` or `cookie`. */
  in?: string;
  /** For `apiKey`: the header or query parameter name. */
  name?: string;
  /** For `oauth2`: the client credentials and authorization code flows the document gives. */
  flows?: { clientCredentials?: OAuthFlowSummary; authorizationCode?: OAuthFlowSummary };
}

/** One OAuth 2.0 flow of a security scheme: its endpoints as the document writes them, and its scope names. */
export interface OAuthFlowSummary {
  tokenUrl?: string;
  authorizationUrl?: string;
  scopes: string[];
}

/**
 * What is kept of a document: cheap to read, enough to search, describe and
 * check calls. Cached as JSON next to the document (`<document>.index.json`).
 */
export interface OperationIndex {
  format: typeof OPERATION_INDEX_FORMAT;
  /** SHA-256 (hex) of the document's bytes: the index is rebuilt when it changes. */
  documentSha256: string;
  title: string;
  version: string;
  /** The version the document was written in (`2.0`, `3.0`, `3.1`); the index is built from its 3.1 upgrade. */
  writtenIn: string;
  /** The server URLs, variables filled with their defaults (maybe relative). */
  servers: string[];
  securitySchemes: Record<string, SecuritySchemeSummary>;
  /** The document's default security requirements (alternatives of scheme names). */
  security: string[][];
  operations: IndexedOperation[];
  /** `components.schemas`, which the operations' schemas refer to as `#/components/schemas/<name>`. */
  schemas: Record<string, unknown>;
}
