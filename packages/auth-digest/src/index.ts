export {
  type DigestAuthConfig,
  type DigestAuthPlugin,
  type DigestCredential,
  createDigestAuth,
  digestConfigSchema,
  digestCredentialSchema,
} from "./digest-auth";
export { type DigestAlgorithm, type DigestInput, digestAuthorization, digestResponse } from "./digest-response";
export { parseDigestChallenges } from "./parse-digest-challenge";
