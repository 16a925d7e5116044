export {
  type HmacAuthConfig,
  type HmacAuthPlugin,
  type HmacCredential,
  createHmacAuth,
  hmacConfigSchema,
  hmacCredentialSchema,
} from "./hmac-auth";
export { canonicalRequest, signRequest } from "./sign-request";
