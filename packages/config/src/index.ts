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
export { type OpenApiStatus, type OpenApiValidationMode, OPENAPI_VALIDATION_MODES } from "./api-openapi-schema";
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
export { type SourceCheckResult, checkSource } from "./check-source";
export {
  type ParsedSourceInput,
  type ParseSourceOptions,
  parseSourceFile,
  parseSourceInput,
  parseSourceRecord,
} from "./parse-source";
export { slugify } from "./slugify";
export { unknownFieldIssues } from "./unknown-fields";
export { buildSourceJsonSchema, pluginConfigJsonSchema, renderSourceJsonSchema } from "./source-json-schema";
export { type ResolveSrcHomeOptions, resolveSrcHome } from "./resolve-src-home";
export { type ConfigErrorCode, CONFIG_ERROR_CODES, ConfigError } from "./errors/config-error";
export { type SourceIssue, SourceValidationError } from "./errors/source-validation-error";
export { SourceNotFoundError } from "./errors/source-not-found-error";
export { DuplicateSlugError } from "./errors/duplicate-slug-error";
export { type SourceLockFailure, SourceLockedError } from "./errors/source-locked-error";
export { type ReadSourceFileOptions, readSourceFile } from "./store/read-source-file";
export type { SourceChanges } from "./store/source-changes";
export type {
  ChangedSources,
  SourceListEntry,
  SourceStore,
  WatchSourceStoreOptions,
  SourceWatch,
} from "./store/source-store-contract";
export { type FileSourceStore, type SourceStoreOptions, createSourceStore } from "./store/source-store";
export { type WatchSourcesOptions, watchSourceDirectories } from "./store/watch-source-directories";
export {
  type ApiPolicy,
  type PolicyMode,
  type PolicyToolLayout,
  type RateLimit,
  POLICY_MODES,
  POLICY_TOOL_LAYOUTS,
  apiPolicySchema,
  rateLimitSchema,
} from "./policy/api-policy-schema";
export {
  type ParsedPolicyRule,
  type PolicyRule,
  type PolicyRuleMethod,
  POLICY_RULE_METHODS,
  parsePolicyRule,
} from "./policy/policy-rule";
export { RATE_LIMIT_TEXT_HINT, formatRateLimit, parseRateLimitText } from "./policy/parse-rate-limit";
export { type FileSignInStoreOptions, createFileSignInStore } from "./sign-ins/file-sign-in-store";
export type { ConnectLinkState, ConnectLinkStore, StoredConnectLink } from "./connect-links/connect-link-store";
export { openConnectLinksPerPrincipal } from "./connect-links/connect-link-store";
export { type FileConnectLinkStoreOptions, createFileConnectLinkStore } from "./connect-links/file-connect-link-store";
export {
  type Consent,
  type StoredAccessToken,
  type StoredAgentToken,
  type StoredAuthorizationCode,
  type StoredAuthorizationRequest,
  type StoredOAuthClient,
  type StoredRefreshToken,
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
export { type AgentAccessErrorCode, AGENT_ACCESS_ERROR_CODES, AgentAccessError } from "./access/agent-access-error";
export {
  type FileAgentAccessStoreOptions,
  agentAccessFileName,
  createFileAgentAccessStore,
} from "./access/file-agent-access-store";
