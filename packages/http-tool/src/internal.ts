// `@src/http-tool/internal`: what other @src/* packages use and the documented API (index.ts) does not promise.
// No semver promise: these names may change in any minor version.

export { type ParsedToolCall, queryValueSchema } from "./request/tool-call";
export { normalizeToolCall } from "./request/normalize-tool-call";
export { DEFAULT_HEADERS, USER_AGENT } from "./request/default-headers";
export { serviceControlledHeaderReason } from "@src/auth";
export { type Redactor, createRedactor } from "./result/redact-secrets";
export { resolveExecutorLimits } from "./execution/executor-limits";
export { defaultValidationTimeoutMs } from "./validation/validate-source";
export { toSourceStatus } from "./validation/validation-outcome";
export { apiToolName, maxToolNameLength } from "./tool/api-tool-name";
export { describeApiTool, maxToolDescriptionBytes } from "./tool/describe-api-tool";
export { createToolInputJsonSchema } from "./tool/tool-input-json-schema";
export { operationsToolName } from "./tool/operations-tool-name";
export { writeToolName } from "./tool/write-tool-name";
export { consumeWith, rateLimitPrefix } from "./policy/rate-limit-store";
export { describePolicy } from "./policy/describe-policy";
export { summarizeBody } from "./policy/confirmation";
export { READ_METHODS } from "./policy/policy-narrowing";
export { type ReadStoredResultInput, type StoredResultPart, readStoredPart } from "./stored-results/read-stored-result";
export { compileSelect } from "./select/compile-select";
export { type ToolCallStart, type ToolCallTrace, currentToolCall, traceToolCall } from "./telemetry/trace-tool-call";
export { type StoredResultAccess, storedResultRefusal } from "./stored-results/stored-result-refusal";
