import type { components, paths } from "./generated/server-api";

/** The HTTP methods the server's routes use. */
type RouteMethod = "get" | "post" | "put" | "patch" | "delete";

/** The operation object of `method` on `path` in the server's OpenAPI document. */
type OperationOf<Path extends keyof paths, Method extends RouteMethod> = NonNullable<paths[Path][Method]>;

/** The JSON body the server answers `method path` with, for a success `status` (default 200). */
export type ResponseBodyOf<Path extends keyof paths, Method extends RouteMethod, Status extends number = 200> =
  OperationOf<Path, Method> extends { responses: Record<Status, { content: { "application/json": infer Body } }> }
    ? Body
    : never;

/** The JSON body `method path` takes. */
export type RequestBodyOf<Path extends keyof paths, Method extends RouteMethod> =
  OperationOf<Path, Method> extends { requestBody?: { content: { "application/json": infer Body } } } ? Body : never;

/** Every route of the server, as openapi-typescript generated it from `openapi.json`. */
export type ServerPaths = paths;

/** `{ error: { code, message, details? } }`: the body of every failed route. */
export type ErrorBody = components["schemas"]["Error"];
/** A stored source record (`config.json`), never a secret. */
export type SourceRecord = components["schemas"]["SourceRecord"];
/** One entry of the source list: the record, or why its `config.json` could not be read. */
export type SourceSummary = components["schemas"]["SourceSummary"];
/** The outcome of testing a source (spec 1.6). */
export type ValidationOutcome = components["schemas"]["ValidationOutcome"];
/** `{ source, validation }`: what create, reload and credential set answer. */
export type SourceOperationResult = components["schemas"]["SourceOperationResult"];
/** One HTTP tool (`/tools -v`); `description` and `inputSchema` only when listed verbosely. */
export type ToolSummary = components["schemas"]["ToolSummary"];
/** The agent's call (spec 2.2): an `ApiToolCall` for `api_<slug>`, an `OperationsToolCall` for `api_<slug>_operations`. */
export type ToolCall = components["schemas"]["ToolCall"];
/** A call of `api_<slug>`: method, path, query, body or `_rawBody` with `_contentType`, select, paginate, resultRef. */
export type ApiToolCall = components["schemas"]["ApiToolCall"];
/** A call of `api_<slug>_operations`: query and/or tag, or operationId; limit, offset. */
export type OperationsToolCall = components["schemas"]["OperationsToolCall"];
/** What a tool call answers, whatever the upstream said; `ok` tells. */
export type ToolResult = components["schemas"]["ToolResult"];
/** The outcome of an operator command (`/source reload SLUG`, `/tools -v`...). */
export type OperatorCommandResult = components["schemas"]["OperatorCommandResult"];
/** An agent token as listed: name and prefix, never the value. */
export type AgentTokenSummary = components["schemas"]["AgentTokenSummary"];
/** A source's sign-in status, as its auth mode reports it (`slug`, `authType`, `signedIn` and the mode's facts): never a token. */
export type SignInStatus = components["schemas"]["SignInStatus"];
/** A sign-in just started: the authorization URL to open, until `expiresAt`. */
export type SignInStart = components["schemas"]["SignInStart"];
/** A token just created: its value is shown this once. */
export type CreatedAgentToken = components["schemas"]["CreatedAgentToken"];

/** The body of `POST /v1/sources`: the operator fields of `config.json`, and optionally the credential. */
export type CreateSourceInput = RequestBodyOf<"/v1/sources", "post">;
/** The body of `PATCH /v1/sources/{slug}`: the fields to change. */
export type SourceChanges = RequestBodyOf<"/v1/sources/{slug}", "patch">;
/** The body of `PUT /v1/sources/{slug}/credential`: the credential for the source's auth type. */
export type CredentialInput = RequestBodyOf<"/v1/sources/{slug}/credential", "put">;
/** The body of `POST /v1/tokens`. */
export type CreateAgentTokenInput = RequestBodyOf<"/v1/tokens", "post">;
/** One agent call of `GET /v1/activity` (the path is the redacted one). */
export type ActivityEntry = components["schemas"]["ActivityEntry"];
/** One auth mode of `GET /v1/config-schema`: its extra config fields (JSON Schema) and credential fields. */
export type AuthTypeDescription = components["schemas"]["AuthTypeDescription"];
