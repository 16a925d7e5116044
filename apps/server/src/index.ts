export { type ServerApp, type ServerAppOptions, createServerApp } from "./create-server-app";
export { type RunningServer, type StartServerOptions, startServer } from "./start-server";
export { type ServerLimits, defaultServerLimits, normalizeServerLimits } from "./server-limits";
export { type ServerLoggerOptions, createServerLogger, redactedLogPaths } from "./create-server-logger";
export { type ServerToken, resolveServerToken } from "./resolve-server-token";
export { isLoopbackHost } from "./is-loopback-host";
export { type ErrorBody, httpStatusOfError, httpStatusOfErrorKind } from "./error-response";
export { type ServerErrorCode, SERVER_ERROR_CODES, ServerError } from "./errors/server-error";
export { SourceBusyError } from "./errors/source-busy-error";
export { TokenRequiredError } from "./errors/token-required-error";
export { AddressInUseError } from "./errors/address-in-use-error";
export { InvalidTokenError } from "./errors/invalid-token-error";
export { ShuttingDownError } from "./errors/shutting-down-error";
export { InvalidServerOptionError } from "./errors/invalid-server-option-error";
export { AgentTokenError } from "./errors/agent-token-error";
export { ForbiddenError } from "./errors/forbidden-error";
export {
  type AgentTokenStore,
  type AgentTokenStoreOptions,
  type AgentTokenSummary,
  type CreateAgentTokenInput,
  type CreatedAgentToken,
  createAgentTokenStore,
} from "./agent-tokens/agent-token-store";
export { parseTokenLifetime } from "./agent-tokens/parse-token-lifetime";
export { type RevokedAgentToken, revokeAgentToken } from "./agent-tokens/revoke-agent-token";
export type { AllowedHosts } from "./check-host";
export { type FinishedCall, type ServerMetrics, createServerMetrics } from "./metrics/server-metrics";
export { type Tracing, startTracingFromEnvironment } from "./telemetry/start-tracing";
