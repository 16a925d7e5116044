export { type BasicAuthConfig, type BasicAuthPlugin, basicConfigSchema, createBasicAuth } from "./basic-auth";
export {
  type BasicCredential,
  basicCredentialSchema,
  basicPasswordSchema,
  basicUsernameSchema,
  encodeBasicToken,
} from "./basic-credential-schema";
