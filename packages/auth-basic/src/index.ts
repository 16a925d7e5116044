export type { BasicAuthConfig, BasicAuthPlugin } from "./basic-auth";
export { basicConfigSchema, createBasicAuth } from "./basic-auth";
export type { BasicCredential } from "./basic-credential-schema";
export {
  basicCredentialSchema,
  basicPasswordSchema,
  basicUsernameSchema,
  encodeBasicToken,
} from "./basic-credential-schema";
