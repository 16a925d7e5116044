export {
  type MultiHeaderAuthConfig,
  type MultiHeaderAuthPlugin,
  type MultiHeaderCredential,
  createMultiHeaderAuth,
  multiHeaderConfigSchema,
  multiHeaderCredentialSchema,
} from "./multi-header-auth";
export { headerNamesSchema } from "./header-names-schema";
