export type { QueryAuthConfig, QueryAuthPlugin, QueryCredential } from "./query-auth";
export { createQueryAuth, queryConfigSchema, queryCredentialSchema } from "./query-auth";
export { queryParamSchema } from "./query-param-schema";
