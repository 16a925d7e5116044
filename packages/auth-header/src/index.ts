export type { HeaderAuthConfig, HeaderAuthPlugin, HeaderCredential } from "./header-auth";
export { createHeaderAuth, headerConfigSchema, headerCredentialSchema } from "./header-auth";
export { headerNameSchema, reservedHeaderNames, reservedHeaderReason } from "./header-name-schema";
