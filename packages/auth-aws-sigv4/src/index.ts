export type { AwsSigV4AuthPlugin, AwsSigV4Config, AwsSigV4Credential } from "./aws-sigv4-auth";
export { awsSigV4ConfigSchema, awsSigV4CredentialSchema, createAwsSigV4Auth } from "./aws-sigv4-auth";
