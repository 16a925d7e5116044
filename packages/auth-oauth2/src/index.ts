export type { OAuth2AuthPlugin } from "./oauth2-auth";
export { createOAuth2Auth } from "./oauth2-auth";
export type { OAuth2ClientAuthMethod, OAuth2Config, OAuth2Grant } from "./oauth2-config-schema";
export {
  OAUTH2_CLIENT_AUTH_METHODS,
  OAUTH2_GRANTS,
  oauth2ConfigSchema,
  reservedAuthorizationParams,
} from "./oauth2-config-schema";
export type { OAuth2Credential } from "./oauth2-credential-schema";
export { oauth2CredentialSchema, withIssuedTokens, withoutTokens } from "./oauth2-credential-schema";
export type { AuthorizationStart } from "./authorization-code";
export { completeAuthorization, startAuthorization } from "./authorization-code";
export { oauth2SignIn } from "./oauth2-sign-in";
export type { OAuth2Status } from "./oauth2-status";
export { describeOAuth2Status } from "./oauth2-status";
export { defaultExpiryMarginMs } from "./access-token";
export { isLoopbackUrl } from "./endpoint-url-schema";
export type { DeviceAuthorizationStart, DevicePoll } from "./device-code";
export { pollDeviceToken, startDeviceAuthorization } from "./device-code";
export type { RevocationOutcome } from "./revoke-token";
export { revokeTokens } from "./revoke-token";
export { discoverOAuth2Config } from "./discovery/discover-oauth2-config";
export { discoverAuthorizationServer } from "./discovery/discover-authorization-server";
export type { ProtectedResourceHint } from "./discovery/probe-protected-resource";
export { probeProtectedResource } from "./discovery/probe-protected-resource";
