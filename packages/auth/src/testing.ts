export { describeAuthPluginConformance } from "./testing/describe-auth-plugin-conformance";
export { authPluginConformanceChecks, checkAuthPluginConformance } from "./testing/conformance-checks";
export {
  checkAuthorizeIsRepeatable,
  checkAuthorizeKeepsTarget,
  checkAuthorizeUsesCredential,
  checkPlacementMatches,
} from "./testing/check-authorize-behaviour";
export { checkCredentialRejectsLineBreaks, checkSchemasAcceptExamples } from "./testing/check-credential-schema";
export {
  checkDescribeHasNoSecret,
  checkFieldsDeclared,
  checkPluginType,
  checkSignInSteps,
  checkSpecificationVersion,
} from "./testing/check-plugin-shape";
export { checkRegisteredSecretsRedacted } from "./testing/check-registered-secrets";
export { checkDescribePlacementHasNoSecret, checkSecretValues } from "./testing/check-secret-coverage";
export {
  type AuthPluginConformanceCheck,
  type AuthPluginConformanceOptions,
  type ConformanceProblems,
  defaultConformanceTime,
} from "./testing/conformance-options";
export { type ConformanceContext, createConformanceContext } from "./testing/conformance-context";
export { createSampleAttempts } from "./testing/sample-attempts";
export { type RequestToAuthorize, runAuthorize } from "./testing/run-authorize";
export { encodeUriComponentStrict, redactSecretForms, secretForms } from "./secret-forms";
export { type EchoedRequest, type EchoServer, startEchoServer } from "./testing/echo-server";
export { useEchoServer } from "./testing/use-echo-server";
