// The documented API (README.md). What only other @src/* packages use is in ./internal.ts (`@src/config/internal`).
export type {
  ConnectionStatus,
  CredentialMode,
  SourceApi,
  SourceFile,
  SourceInput,
  SourceRecord,
  SourceStatus,
} from "./source-schema";
export type { OpenApiStatus, OpenApiValidationMode } from "./api-openapi-schema";
export { OPENAPI_VALIDATION_MODES } from "./api-openapi-schema";
export {
  CONNECTION_STATUSES,
  CREDENTIAL_MODES,
  isPerUserSource,
  sourceApiSchema,
  sourceFileSchema,
  sourceInputSchema,
  sourceRecordSchema,
  sourceStatusSchema,
} from "./source-schema";
export type { SourceCheckResult } from "./check-source";
export { checkSource } from "./check-source";
export type { ParsedSourceInput, ParseSourceOptions } from "./parse-source";
export { parseSourceFile, parseSourceInput, parseSourceRecord } from "./parse-source";
export { slugify } from "./slugify";
export { buildSourceJsonSchema, pluginConfigJsonSchema, renderSourceJsonSchema } from "./source-json-schema";
export type { ResolveSrcHomeOptions } from "./resolve-src-home";
export { resolveSrcHome } from "./resolve-src-home";
export type { ConfigErrorCode } from "./errors/config-error";
export { CONFIG_ERROR_CODES, ConfigError } from "./errors/config-error";
export type { SourceIssue } from "./errors/source-validation-error";
export { SourceValidationError } from "./errors/source-validation-error";
export { SourceNotFoundError } from "./errors/source-not-found-error";
export { DuplicateSlugError } from "./errors/duplicate-slug-error";
export type { SourceLockFailure } from "./errors/source-locked-error";
export { SourceLockedError } from "./errors/source-locked-error";
export type { ReadSourceFileOptions } from "./store/read-source-file";
export { readSourceFile } from "./store/read-source-file";
export type { SourceChanges } from "./store/source-changes";
export type {
  ChangedSources,
  SourceListEntry,
  SourceStore,
  WatchSourceStoreOptions,
} from "./store/source-store-contract";
export type { FileSourceStore, SourceStoreOptions } from "./store/source-store";
export { createSourceStore } from "./store/source-store";
export type { WatchSourcesOptions } from "./store/watch-source-directories";
export { watchSourceDirectories } from "./store/watch-source-directories";
export type { ApiPolicy, PolicyMode, PolicyToolLayout, RateLimit } from "./policy/api-policy-schema";
export { POLICY_MODES, POLICY_TOOL_LAYOUTS, apiPolicySchema, rateLimitSchema } from "./policy/api-policy-schema";
export type { ParsedPolicyRule, PolicyRule, PolicyRuleMethod } from "./policy/policy-rule";
export { POLICY_RULE_METHODS, parsePolicyRule } from "./policy/policy-rule";
export { RATE_LIMIT_TEXT_HINT, formatRateLimit, parseRateLimitText } from "./policy/parse-rate-limit";
export type { FileSignInStoreOptions } from "./sign-ins/file-sign-in-store";
export { createFileSignInStore } from "./sign-ins/file-sign-in-store";
export type { ConnectLinkState, ConnectLinkStore, StoredConnectLink } from "./connect-links/connect-link-store";
export type { FileConnectLinkStoreOptions } from "./connect-links/file-connect-link-store";
export { createFileConnectLinkStore } from "./connect-links/file-connect-link-store";
export type {
  Consent,
  StoredAccessToken,
  StoredAgentToken,
  StoredAuthorizationCode,
  StoredAuthorizationRequest,
  StoredOAuthClient,
  StoredRefreshToken,
} from "./access/access-records";
export {
  consentSchema,
  legacyAgentTokenIdOf,
  sha256Of,
  storedAccessTokenSchema,
  storedAgentTokenSchema,
  storedAuthorizationCodeSchema,
  storedAuthorizationRequestSchema,
  storedOAuthClientSchema,
  storedRefreshTokenSchema,
  usedRefreshTokenRetentionMs,
} from "./access/access-records";
export type {
  AgentAccessStore,
  IssuedTokens,
  RedeemCodeOutcome,
  RotateRefreshOutcome,
} from "./access/agent-access-store-contract";
export type { AgentAccessErrorCode } from "./access/agent-access-error";
export { AGENT_ACCESS_ERROR_CODES, AgentAccessError } from "./access/agent-access-error";
export type { FileAgentAccessStoreOptions } from "./access/file-agent-access-store";
export { agentAccessFileName, createFileAgentAccessStore } from "./access/file-agent-access-store";
