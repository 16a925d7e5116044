export type { MultiHeaderAuthConfig, MultiHeaderAuthPlugin, MultiHeaderCredential } from "./multi-header-auth";
export { createMultiHeaderAuth, multiHeaderConfigSchema, multiHeaderCredentialSchema } from "./multi-header-auth";
export { headerNamesSchema } from "./header-names-schema";
