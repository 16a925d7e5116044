export { describeAuthPluginConformance } from "./testing/describe-auth-plugin-conformance";
export { authPluginConformanceChecks, checkAuthPluginConformance } from "./testing/conformance-checks";
export { checkApplyIsDeterministic, checkApplyIsIdempotent, checkApplyKeepsTarget, checkApplyUsesCredential } from "./testing/check-apply-behaviour";
export { checkCredentialRejectsLineBreaks, checkSchemasAcceptExamples } from "./testing/check-credential-schema";
export { checkCredentialFields, checkPluginType, checkSpecificationVersion } from "./testing/check-plugin-shape";
export { checkApplyWritesOnlyListedSecrets, checkDescribePlacementHasNoSecret, checkSecretValues } from "./testing/check-secret-coverage";
export { createSampleRequests } from "./testing/sample-requests";
export type { AuthPluginConformanceCheck, AuthPluginConformanceOptions, ConformanceProblems } from "./testing/conformance-options";
export { encodeUriComponentStrict, redactSecretForms, secretForms } from "./secret-forms";
