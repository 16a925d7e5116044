export { type OAuth2AuthPlugin, createOAuth2Auth } from "./oauth2-auth";
export {
  type OAuth2ClientAuthMethod,
  type OAuth2Config,
  type OAuth2Grant,
  OAUTH2_CLIENT_AUTH_METHODS,
  OAUTH2_GRANTS,
  oauth2ConfigSchema,
  reservedAuthorizationParams,
} from "./oauth2-config-schema";
export {
  type OAuth2Credential,
  oauth2CredentialSchema,
  withIssuedTokens,
  withoutTokens,
} from "./oauth2-credential-schema";
export { type AuthorizationStart, completeAuthorization, startAuthorization } from "./authorization-code";
export { oauth2SignIn } from "./oauth2-sign-in";
export { type OAuth2Status, describeOAuth2Status } from "./oauth2-status";
export { defaultExpiryMarginMs } from "./access-token";
export { isLoopbackUrl } from "./endpoint-url-schema";
export {
  type DeviceAuthorizationStart,
  type DevicePoll,
  pollDeviceToken,
  startDeviceAuthorization,
} from "./device-code";
export { type RevocationOutcome, revokeTokens } from "./revoke-token";
export { discoverOAuth2Config } from "./discovery/discover-oauth2-config";
export { discoverAuthorizationServer } from "./discovery/discover-authorization-server";
export { type ProtectedResourceHint, probeProtectedResource } from "./discovery/probe-protected-resource";
