export type { HmacAuthConfig, HmacAuthPlugin, HmacCredential } from "./hmac-auth";
export { createHmacAuth, hmacConfigSchema, hmacCredentialSchema } from "./hmac-auth";
export { canonicalRequest, signRequest } from "./sign-request";
