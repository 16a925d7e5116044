export type { DigestAuthConfig, DigestAuthPlugin, DigestCredential } from "./digest-auth";
export { createDigestAuth, digestConfigSchema, digestCredentialSchema } from "./digest-auth";
export type { DigestAlgorithm, DigestInput } from "./digest-response";
export { digestAuthorization, digestResponse } from "./digest-response";
export { parseDigestChallenges } from "./parse-digest-challenge";
