export type { ServerApp, ServerAppOptions } from "./create-server-app";
export { createServerApp } from "./create-server-app";
export type { RunningServer, StartServerOptions } from "./start-server";
export { startServer } from "./start-server";
export type { ServerLimits } from "./server-limits";
export { defaultServerLimits, normalizeServerLimits } from "./server-limits";
export type { ServerLoggerOptions } from "./create-server-logger";
export { createServerLogger, redactedLogPaths } from "./create-server-logger";
export type { ServerToken } from "./resolve-server-token";
export { resolveServerToken } from "./resolve-server-token";
export { isLoopbackHost } from "./is-loopback-host";
export type { ErrorBody } from "./error-response";
export { httpStatusOfError, httpStatusOfErrorKind } from "./error-response";
export type { ServerErrorCode } from "./errors/server-error";
export { SERVER_ERROR_CODES, ServerError } from "./errors/server-error";
export { SourceBusyError } from "./errors/source-busy-error";
export { TokenRequiredError } from "./errors/token-required-error";
export { AddressInUseError } from "./errors/address-in-use-error";
export { InvalidTokenError } from "./errors/invalid-token-error";
export { ShuttingDownError } from "./errors/shutting-down-error";
export { InvalidServerOptionError } from "./errors/invalid-server-option-error";
export { AgentTokenError } from "./errors/agent-token-error";
export { ForbiddenError } from "./errors/forbidden-error";
export type {
  AgentTokenStore,
  AgentTokenStoreOptions,
  AgentTokenSummary,
  CreateAgentTokenInput,
  CreatedAgentToken,
} from "./agent-tokens/agent-token-store";
export { createAgentTokenStore } from "./agent-tokens/agent-token-store";
export { parseTokenLifetime } from "./agent-tokens/parse-token-lifetime";
export type { AllowedHosts } from "./check-host";
export type { FinishedCall, ServerMetrics } from "./metrics/server-metrics";
export { createServerMetrics } from "./metrics/server-metrics";
export type { Tracing } from "./telemetry/start-tracing";
export { startTracingFromEnvironment } from "./telemetry/start-tracing";
