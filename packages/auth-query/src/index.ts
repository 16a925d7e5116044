export {
  type QueryAuthConfig,
  type QueryAuthPlugin,
  type QueryCredential,
  createQueryAuth,
  queryConfigSchema,
  queryCredentialSchema,
} from "./query-auth";
export { queryParamSchema } from "./query-param-schema";
