export type { AnyAuthPlugin, AuthPlugin, AuthPluginConfig, AuthPluginCredential, AuthRequest, CredentialField } from "./auth-plugin";
export { defineAuthPlugin } from "./auth-plugin";
export type { AuthRegistry } from "./auth-registry";
export { createAuthRegistry } from "./auth-registry";
export type { AuthErrorCode } from "./errors/auth-error";
export { AUTH_ERROR_CODES, AuthError } from "./errors/auth-error";
export { InvalidCredentialError } from "./errors/invalid-credential-error";
export { UnknownAuthTypeError } from "./errors/unknown-auth-type-error";
export { credentialTextSchema } from "./credential-text-schema";
