export {
  type BearerAuthConfig,
  type BearerAuthPlugin,
  type BearerCredential,
  bearerConfigSchema,
  bearerCredentialSchema,
  createBearerAuth,
} from "./bearer-auth";
