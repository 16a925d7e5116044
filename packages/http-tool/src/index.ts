// The documented API (README.md). What only other @src/* packages use is in ./internal.ts (`@src/http-tool/internal`).

// The agent's call and its result
export type { HttpMethod, ToolCall } from "./request/tool-call";
export { HTTP_METHODS, toolCallSchema } from "./request/tool-call";
export type { PaginationReport, ToolResult, ToolResultBody } from "./result/tool-result";
export type { ToolNextStep } from "./result/tool-next-step";
export { describeNextStep } from "./result/tool-next-step";
export type { ToolErrorCode } from "./result/tool-error-codes";
export { TOOL_ERROR_CODES } from "./result/tool-error-codes";
export type { ToolCallOutcome } from "./telemetry/tool-call-outcome";
export { TOOL_CALL_OUTCOMES, toolCallOutcomeOf, toolCallOutcomeOfError } from "./telemetry/tool-call-outcome";

// Building requests (pure)
export type { BuiltRequest } from "./request/built-request";
export type { BuildRequestInput } from "./request/build-request";
export { buildRequest } from "./request/build-request";
export { REDACTED } from "./result/redact-secrets";

// Executing requests
export type { ExecuteOptions } from "./execution/execute-options";
export type { NodeHttpAgents } from "./transport/node-http-agents";
export type { RetryDelayOptions } from "./execution/retry-policy";
export { executeRequest } from "./execution/execute-request";
export type { AuthorizeHop, HopToAuthorize, RejectionHandler } from "./execution/authorize-hop";
export type { RequestAuthorizer, RequestAuthorizerInput } from "./request/request-authorizer";
export { createRequestAuthorizer } from "./request/request-authorizer";
export type { HopAuthorizerInput } from "./request/create-hop-authorizer";
export { createHopAuthorizer } from "./request/create-hop-authorizer";
export type { ExecutorLimits } from "./execution/executor-limits";
export { defaultExecutorLimits } from "./execution/executor-limits";

// Validating a source
export type { SourceStatusWriter, ValidateSourceOptions } from "./validation/validate-source";
export { validateSource } from "./validation/validate-source";
export type { ValidationOutcome, ValidationReason } from "./validation/validation-outcome";
export { VALIDATION_REASONS } from "./validation/validation-outcome";

// The agent tool and its adapters
export type { CallSourceOptions } from "./tool/call-source";
export { callSource } from "./tool/call-source";
export type { AgentTool, ApiTool, ApiToolDependencies, CredentialReader } from "./tool/create-api-tool";
export { createApiTool, createApiTools } from "./tool/create-api-tool";
export type { OperationsTool } from "./tool/create-operations-tool";
export { createOperationsTool } from "./tool/create-operations-tool";
export type { OperationsToolInput } from "./tool/operations-tool-input";
export { operationsToolInputSchema } from "./tool/operations-tool-input";
export type { JsonSchemaObject } from "./tool/tool-input-json-schema";
export { formatToolResult } from "./result/format-tool-result";
export type { McpCallToolResult, McpResourceLink, McpToolDefinition } from "./adapters/mcp";
export { toMcpCallToolResult, toMcpToolDefinition } from "./adapters/mcp";
export type { VercelAiJsonSchemaHelper, VercelAiTool } from "./adapters/vercel-ai";
export { toVercelAiTool } from "./adapters/vercel-ai";
export type { OpenAiFunctionTool } from "./adapters/openai";
export { toOpenAiFunctionTool } from "./adapters/openai";
export type { AnthropicTool } from "./adapters/anthropic";
export { toAnthropicTool } from "./adapters/anthropic";

// What agents may do: the source's policy (api.policy), narrowed by the caller's token
export type { CheckHop, HopCheckOptions, PolicyHop, PolicyRefusal } from "./policy/check-hop";
export { createHopCheck } from "./policy/check-hop";
export type { ConfirmationAnswer, ConfirmationRequest, Confirmer } from "./policy/confirmation";
export type { TokenPolicy, ToolAccess } from "./policy/policy-narrowing";
export type { RateLimitStore, RateLimitVerdict } from "./policy/rate-limit-store";
export { createMemoryRateLimitStore } from "./policy/rate-limit-store";
export type { PolicyExplanation } from "./policy/explain-policy";
export { explainPolicy } from "./policy/explain-policy";
// Results read on by reference, and what every call tool shares
export type { ResultStore, ResultStoreOptions, StoredResult, StoredResultLookup } from "./stored-results/result-store";
export { createResultStore } from "./stored-results/result-store";
export { parseResultResourceUri, resultResourceUri } from "./stored-results/result-resource-uri";
export { apiToolInputSchema } from "./tool/agent-input";
export { apiToolInstructions } from "./tool/api-tool-instructions";

// Errors
export type { HttpToolErrorCode } from "./errors/http-tool-error";
export { HTTP_TOOL_ERROR_CODES, HttpToolError } from "./errors/http-tool-error";
export { InvalidCallError } from "./errors/invalid-call-error";
export { AuthPluginHeaderError } from "./errors/auth-plugin-header-error";
export type { InvalidCallReason } from "./errors/invalid-call-reasons";
export { INVALID_CALL_REASONS } from "./errors/invalid-call-reasons";
