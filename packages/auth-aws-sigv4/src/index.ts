export {
  type AwsSigV4AuthPlugin,
  type AwsSigV4Config,
  type AwsSigV4Credential,
  awsSigV4ConfigSchema,
  awsSigV4CredentialSchema,
  createAwsSigV4Auth,
} from "./aws-sigv4-auth";
