import type { AnyAuthPlugin } from "../auth-plugin";
import { checkApplyIsDeterministic, checkApplyIsIdempotent, checkApplyKeepsTarget, checkApplyUsesCredential } from "./check-apply-behaviour";
import { checkCredentialRejectsLineBreaks, checkSchemasAcceptExamples } from "./check-credential-schema";
import { checkCredentialFields, checkPluginType, checkSpecificationVersion } from "./check-plugin-shape";
import { checkApplyWritesOnlyListedSecrets, checkDescribePlacementHasNoSecret, checkSecretValues } from "./check-secret-coverage";
import type { AuthPluginConformanceCheck, AuthPluginConformanceOptions, ConformanceProblems } from "./conformance-options";

/** Every check of the suite, with the sentence the test report shows. */
export const authPluginConformanceChecks: readonly { readonly title: string; readonly check: AuthPluginConformanceCheck }[] = [
  { title: 'implements specification "v1"', check: checkSpecificationVersion },
  { title: "has a lower-case type and a description", check: checkPluginType },
  { title: "parses the given config and credentials with its schemas", check: checkSchemasAcceptExamples },
  { title: "lists credential fields that are keys of the credential", check: checkCredentialFields },
  { title: "rejects CR, LF and NUL in every credential string", check: checkCredentialRejectsLineBreaks },
  { title: "lists every secret field in secretValues", check: checkSecretValues },
  { title: "applies idempotently", check: checkApplyIsIdempotent },
  { title: "applies deterministically", check: checkApplyIsDeterministic },
  { title: "keeps origin, path, method, body, config and credential", check: checkApplyKeepsTarget },
  { title: "attaches the credential and replaces an earlier one", check: checkApplyUsesCredential },
  { title: "writes no secret that secretValues does not cover", check: checkApplyWritesOnlyListedSecrets },
  { title: "describes the placement without a secret", check: checkDescribePlacementHasNoSecret },
];

/** Runs every check; returns the problems, each prefixed by its check's title. Empty when the plugin conforms. */
export function checkAuthPluginConformance(plugin: AnyAuthPlugin, options: AuthPluginConformanceOptions): ConformanceProblems {
  return authPluginConformanceChecks.flatMap(({ title, check }) => check(plugin, options).map((problem) => `${title}: ${problem}`));
}
