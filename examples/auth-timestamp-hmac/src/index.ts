export {
  type TimestampHmacAuthPlugin,
  type TimestampHmacConfig,
  type TimestampHmacCredential,
  createTimestampHmacAuth,
  timestampHmacConfigSchema,
  timestampHmacCredentialSchema,
} from "./timestamp-hmac-auth";
export { type SignedParts, canonicalTimestampedRequest, signTimestampedRequest } from "./sign-timestamped-request";
