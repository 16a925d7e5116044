export {
  type HeaderAuthConfig,
  type HeaderAuthPlugin,
  type HeaderCredential,
  createHeaderAuth,
  headerConfigSchema,
  headerCredentialSchema,
} from "./header-auth";
export { headerNameSchema, reservedHeaderNames, reservedHeaderReason } from "./header-name-schema";
