// The documented API (README.md). What only other @src/* packages use is in ./internal.ts (`@src/http-tool/internal`).

// The agent's call and its result
export { type HttpMethod, type ToolCall, HTTP_METHODS, toolCallSchema } from "./request/tool-call";
export type { PaginationReport, ToolResult, ToolResultBody } from "./result/tool-result";
export { type ToolNextStep, describeNextStep } from "./result/tool-next-step";
export { type ToolErrorCode, TOOL_ERROR_CODES } from "./result/tool-error-codes";
export {
  type ToolCallOutcome,
  TOOL_CALL_OUTCOMES,
  toolCallOutcomeOf,
  toolCallOutcomeOfError,
} from "./telemetry/tool-call-outcome";

// Building requests (pure)
export type { BuiltRequest } from "./request/built-request";
export { type BuildRequestInput, buildRequest } from "./request/build-request";
export { REDACTED } from "./result/redact-secrets";

// Executing requests
export type { ExecuteOptions } from "./execution/execute-options";
export type { NodeHttpAgents } from "./transport/node-http-agents";
export type { RetryDelayOptions } from "./execution/retry-policy";
export { executeRequest } from "./execution/execute-request";
export type { AuthorizeHop, HopToAuthorize, RejectionHandler } from "./execution/authorize-hop";
export {
  type RequestAuthorizer,
  type RequestAuthorizerInput,
  createRequestAuthorizer,
} from "./request/request-authorizer";
export { type HopAuthorizerInput, createHopAuthorizer } from "./request/create-hop-authorizer";
export { type ExecutorLimits, defaultExecutorLimits } from "./execution/executor-limits";

// Validating a source
export { type SourceStatusWriter, type ValidateSourceOptions, validateSource } from "./validation/validate-source";
export { type ValidationOutcome, type ValidationReason, VALIDATION_REASONS } from "./validation/validation-outcome";

// The agent tool and its adapters
export { type CallSourceOptions, callSource } from "./tool/call-source";
export {
  type AgentTool,
  type ApiTool,
  type ApiToolDependencies,
  type CredentialReader,
  createApiTool,
  createApiTools,
} from "./tool/create-api-tool";
export { type OperationsTool, createOperationsTool } from "./tool/create-operations-tool";
export { type OperationsToolInput, operationsToolInputSchema } from "./tool/operations-tool-input";
export type { JsonSchemaObject } from "./tool/tool-input-json-schema";
export { formatToolResult } from "./result/format-tool-result";
export {
  type McpCallToolResult,
  type McpResourceLink,
  type McpToolDefinition,
  toMcpCallToolResult,
  toMcpToolDefinition,
} from "./adapters/mcp";
export { type VercelAiJsonSchemaHelper, type VercelAiTool, toVercelAiTool } from "./adapters/vercel-ai";
export { type OpenAiFunctionTool, toOpenAiFunctionTool } from "./adapters/openai";
export { type AnthropicTool, toAnthropicTool } from "./adapters/anthropic";

// What agents may do: the source's policy (api.policy), narrowed by the caller's token
export {
  type CheckHop,
  type HopCheckOptions,
  type PolicyHop,
  type PolicyRefusal,
  createHopCheck,
} from "./policy/check-hop";
export type { ConfirmationAnswer, ConfirmationRequest, Confirmer } from "./policy/confirmation";
export type { TokenPolicy, ToolAccess } from "./policy/policy-narrowing";
export { type RateLimitStore, type RateLimitVerdict, createMemoryRateLimitStore } from "./policy/rate-limit-store";
export { type PolicyExplanation, explainPolicy } from "./policy/explain-policy";
export { type PolicyRuleNamingNothing, rulesNamingNothing } from "./policy/rules-naming-nothing";
// Results read on by reference, and what every call tool shares
export {
  type ResultStore,
  type ResultStoreOptions,
  type StoredResult,
  type StoredResultLookup,
  createResultStore,
} from "./stored-results/result-store";
export {
  parseResultResourceUri,
  resultResourceUri,
  resultResourceUriProblem,
} from "./stored-results/result-resource-uri";
export { apiToolInputSchema } from "./tool/agent-input";
export { apiToolInstructions } from "./tool/api-tool-instructions";

// Errors
export { type HttpToolErrorCode, HTTP_TOOL_ERROR_CODES, HttpToolError } from "./errors/http-tool-error";
export { InvalidCallError } from "./errors/invalid-call-error";
export { AuthPluginHeaderError } from "./errors/auth-plugin-header-error";
export { AuthPluginFailedError, type AuthPluginHook } from "./errors/auth-plugin-failed-error";
export { type InvalidCallReason, INVALID_CALL_REASONS } from "./errors/invalid-call-reasons";
