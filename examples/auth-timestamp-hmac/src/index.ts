export type { TimestampHmacAuthPlugin, TimestampHmacConfig, TimestampHmacCredential } from "./timestamp-hmac-auth";
export {
  createTimestampHmacAuth,
  timestampHmacConfigSchema,
  timestampHmacCredentialSchema,
} from "./timestamp-hmac-auth";
export type { SignedParts } from "./sign-timestamped-request";
export { canonicalTimestampedRequest, signTimestampedRequest } from "./sign-timestamped-request";
