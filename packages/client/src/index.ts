export { type SrcClient, createSrcClient } from "./create-src-client";
export { type SrcClientOptions, defaultClientOptions } from "./client-options";
export type { RequestOptions } from "./send-request";
export {
  type ClientErrorCode,
  type ErrorDetail,
  type SrcClientErrorOptions,
  CLIENT_ERROR_CODES,
  SrcClientError,
  errorKindOfStatus,
} from "./src-client-error";
export type { ServerRequests } from "./requests/server-requests";
export type { SignInRequests } from "./requests/sign-in-requests";
export type { SourceRequests } from "./requests/source-requests";
export type { ToolRequests } from "./requests/tool-requests";
export type { TokenRequests } from "./requests/token-requests";
export type { ConnectionRequests } from "./requests/connection-requests";
export type {
  ActivityEntry,
  AgentTokenSummary,
  ApiToolCall,
  AuthTypeDescription,
  CreateAgentTokenInput,
  CreateSourceInput,
  CreatedAgentToken,
  CredentialInput,
  ErrorBody,
  OperationsToolCall,
  OperatorCommandResult,
  RequestBodyOf,
  ResponseBodyOf,
  ServerPaths,
  SignInStart,
  SignInStatus,
  SourceChanges,
  SourceOperationResult,
  SourceRecord,
  SourceSummary,
  ToolCall,
  ToolResult,
  ToolSummary,
  ValidationOutcome,
} from "./server-api-types";
