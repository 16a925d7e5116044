export {
  type AnyAuthPluginV2,
  type AuthContext,
  type AuthorizeRequest,
  type AuthPlacement,
  type AuthPluginV2,
  type AuthRejection,
  defineAuthPluginV2,
} from "./auth-plugin-v2";
export type { DiscoverConfigInput, DiscoveredConfig } from "./discover-config";
export type { OpenApiOAuthFlow, OpenApiSecurityScheme, SecuritySchemeMatch } from "./security-scheme";
export { apiKeySchemeMatch, httpSchemeMatch } from "./security-scheme-match";
export type { AuthField, AuthFieldKind, AuthFieldMeta, AuthFields } from "./auth-field";
export { describeAuthFields } from "./describe-auth-fields";
export { type AuthRegistry, createAuthRegistry } from "./auth-registry";
export { type AuthErrorCode, AUTH_ERROR_CODES, AuthError } from "./errors/auth-error";
export { InvalidCredentialError } from "./errors/invalid-credential-error";
export { type AuthorizeFailureOutcome, AuthorizeError } from "./errors/authorize-error";
export { UnknownAuthTypeError } from "./errors/unknown-auth-type-error";
export { credentialTextSchema } from "./credential-text-schema";
export { requiredApiStringSchema } from "./required-api-string-schema";
export { encodeUriComponentStrict, redactSecretForms, secretForms } from "./secret-forms";
export { headerCredentialTextSchema } from "./header-credential-text-schema";
export { type AuthSessionCache, createAuthSessionCache } from "./auth-session-cache";
export { checkPlacement } from "./check-placement";
export { findAuthPluginProblems, looksLikeAuthPlugin } from "./find-auth-plugin-problems";
export { checkCredential } from "./check-credential";
export { pluginSecrets, publicCredentialFields } from "./plugin-secrets";
export {
  findServiceControlledHeader,
  serviceControlledHeaderReason,
  serviceControlledHeaders,
} from "./service-controlled-headers";
export {
  type AuthContextInput,
  type AuthRuntime,
  createAuthContext,
  tokenRequestReporterOf,
} from "./create-auth-context";
export { type TokenRequestDetails, type TokenRequestEvent, traceTokenRequest } from "./trace-token-request";
export type {
  AuthSignIn,
  SignInPoll,
  SignInSource,
  SignInStart,
  SignInStatus,
  SignInUnavailable,
  SignOutResult,
} from "./sign-in/auth-sign-in";
export {
  type MemorySignInStoreOptions,
  type SignInStore,
  type StoredSignIn,
  type StoredSignInStatus,
  createMemorySignInStore,
} from "./sign-in/sign-in-store";
export {
  type ClaimedSignIn,
  type ClaimResult,
  type SharedSignIns,
  type SharedSignInsOptions,
  type SignInProgress,
  type SignInUnavailableReason,
  createSharedSignIns,
  defaultPendingSignInLifetimeMs,
  defaultSignInClaimMs,
} from "./sign-in/shared-sign-ins";
export { signInIdOf } from "./sign-in/seal-sign-in";
export { type PollSignInOptions, defaultPollIntervalSeconds, pollSignIn } from "./sign-in/poll-sign-in";
export { type LoopbackSignInOptions, runLoopbackSignIn } from "./sign-in/run-loopback-sign-in";
export {
  type OneSecretAuthOptions,
  type SecretDestination,
  authorizationHeader,
  headerNamedBy,
  oneSecretAuthPlugin,
} from "./one-secret-auth";
