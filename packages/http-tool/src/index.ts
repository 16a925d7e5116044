// The agent's call and its result
export type { HttpMethod, ParsedToolCall, ToolCall } from "./tool-call";
export { HTTP_METHODS, queryValueSchema, toolCallSchema } from "./tool-call";
export type { ToolResult, ToolResultBody } from "./tool-result";
export type { ToolErrorCode } from "./tool-error-codes";
export { TOOL_ERROR_CODES } from "./tool-error-codes";

// Building requests (pure)
export type { BuiltRequest } from "./built-request";
export type { BuildRequestInput } from "./build-request";
export { buildRequest } from "./build-request";
export { normalizeToolCall } from "./normalize-tool-call";
export type { Redactor } from "./redact-secrets";
export { createRedactor, REDACTED } from "./redact-secrets";
export { DEFAULT_HEADERS, USER_AGENT } from "./default-headers";

// Executing requests
export type { ExecuteOptions } from "./execute-options";
export type { NodeHttpAgents } from "./node-http-agents";
export type { RetryDelayOptions } from "./retry-policy";
export { executeRequest } from "./execute-request";
export type { RequestAuthorizer, RequestAuthorizerInput, RequestToAuthorize } from "./request-authorizer";
export { createRequestAuthorizer } from "./request-authorizer";
export type { ExecutorLimits } from "./executor-limits";
export { defaultExecutorLimits, resolveExecutorLimits } from "./executor-limits";

// Validating a source
export type { SourceStatusWriter, ValidateSourceOptions } from "./validate-source";
export { defaultValidationTimeoutMs, validateSource } from "./validate-source";
export type { ValidationOutcome, ValidationReason } from "./validation-outcome";
export { toSourceStatus, VALIDATION_REASONS } from "./validation-outcome";

// The agent tool and its adapters
export type { CallSourceOptions } from "./call-source";
export { callSource } from "./call-source";
export type { ApiTool, ApiToolDependencies, CredentialReader } from "./create-api-tool";
export { createApiTool } from "./create-api-tool";
export { apiToolName, maxToolNameLength } from "./api-tool-name";
export { describeApiTool, maxToolDescriptionBytes } from "./describe-api-tool";
export type { JsonSchemaObject } from "./tool-input-json-schema";
export { createToolInputJsonSchema } from "./tool-input-json-schema";
export { formatToolResult } from "./format-tool-result";
export type { McpCallToolResult, McpToolDefinition } from "./adapters/mcp";
export { toMcpCallToolResult, toMcpToolDefinition } from "./adapters/mcp";
export type { VercelAiJsonSchemaHelper, VercelAiTool } from "./adapters/vercel-ai";
export { toVercelAiTool } from "./adapters/vercel-ai";
export type { OpenAiFunctionTool } from "./adapters/openai";
export { toOpenAiFunctionTool } from "./adapters/openai";
export type { AnthropicTool } from "./adapters/anthropic";
export { toAnthropicTool } from "./adapters/anthropic";

// Errors
export type { HttpToolErrorCode } from "./errors/http-tool-error";
export { HTTP_TOOL_ERROR_CODES, HttpToolError } from "./errors/http-tool-error";
export { InvalidCallError } from "./errors/invalid-call-error";
export { AuthPluginHeaderError } from "./errors/auth-plugin-header-error";
export { serviceControlledHeaderReason } from "@src/auth";
export type { InvalidCallReason } from "./errors/invalid-call-reasons";
export { INVALID_CALL_REASONS } from "./errors/invalid-call-reasons";
