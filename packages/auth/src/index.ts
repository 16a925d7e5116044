export type {
  AnyAuthPluginV2,
  AuthContext,
  AuthorizeRequest,
  AuthPlacement,
  AuthPluginV2,
  AuthRejection,
} from "./auth-plugin-v2";
export { defineAuthPluginV2 } from "./auth-plugin-v2";
export type { DiscoverConfigInput, DiscoveredConfig } from "./discover-config";
export type { OpenApiOAuthFlow, OpenApiSecurityScheme, SecuritySchemeMatch } from "./security-scheme";
export type { AuthField, AuthFieldKind, AuthFieldMeta, AuthFields } from "./auth-field";
export { describeAuthFields } from "./describe-auth-fields";
export type { AuthRegistry } from "./auth-registry";
export { createAuthRegistry } from "./auth-registry";
export type { AuthErrorCode } from "./errors/auth-error";
export { AUTH_ERROR_CODES, AuthError } from "./errors/auth-error";
export { InvalidCredentialError } from "./errors/invalid-credential-error";
export type { AuthorizeFailureOutcome } from "./errors/authorize-error";
export { AuthorizeError } from "./errors/authorize-error";
export { UnknownAuthTypeError } from "./errors/unknown-auth-type-error";
export { credentialTextSchema } from "./credential-text-schema";
export { encodeUriComponentStrict, redactSecretForms, secretForms } from "./secret-forms";
export { headerCredentialTextSchema } from "./header-credential-text-schema";
export type { AuthSessionCache } from "./auth-session-cache";
export { createAuthSessionCache } from "./auth-session-cache";
export { checkPlacement } from "./check-placement";
export { checkCredential } from "./check-credential";
export { pluginSecrets, publicCredentialFields } from "./plugin-secrets";
export {
  findServiceControlledHeader,
  serviceControlledHeaderReason,
  serviceControlledHeaders,
} from "./service-controlled-headers";
export type { AuthContextInput, AuthRuntime } from "./create-auth-context";
export { createAuthContext, tokenRequestReporterOf } from "./create-auth-context";
export type { TokenRequestDetails, TokenRequestEvent } from "./trace-token-request";
export { traceTokenRequest } from "./trace-token-request";
export type {
  AuthSignIn,
  SignInPoll,
  SignInSource,
  SignInStart,
  SignInStatus,
  SignInUnavailable,
  SignOutResult,
} from "./sign-in/auth-sign-in";
export type { MemorySignInStoreOptions, SignInStore, StoredSignIn, StoredSignInStatus } from "./sign-in/sign-in-store";
export { createMemorySignInStore } from "./sign-in/sign-in-store";
export type {
  ClaimedSignIn,
  ClaimResult,
  SharedSignIns,
  SharedSignInsOptions,
  SignInProgress,
  SignInUnavailableReason,
} from "./sign-in/shared-sign-ins";
export { createSharedSignIns, defaultPendingSignInLifetimeMs, defaultSignInClaimMs } from "./sign-in/shared-sign-ins";
export { signInIdOf } from "./sign-in/seal-sign-in";
export type { PollSignInOptions } from "./sign-in/poll-sign-in";
export { defaultPollIntervalSeconds, pollSignIn } from "./sign-in/poll-sign-in";
export type { LoopbackSignInOptions } from "./sign-in/run-loopback-sign-in";
export { runLoopbackSignIn } from "./sign-in/run-loopback-sign-in";
