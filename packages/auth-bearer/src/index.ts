export type { BearerAuthConfig, BearerAuthPlugin, BearerCredential } from "./bearer-auth";
export { bearerConfigSchema, bearerCredentialSchema, createBearerAuth } from "./bearer-auth";
