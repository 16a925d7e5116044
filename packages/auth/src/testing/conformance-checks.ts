import type { AnyAuthPluginV2 } from "../auth-plugin-v2";
import {
  checkAuthorizeIsRepeatable,
  checkAuthorizeKeepsTarget,
  checkAuthorizeUsesCredential,
  checkPlacementMatches,
} from "./check-authorize-behaviour";
import { checkCredentialRejectsLineBreaks, checkSchemasAcceptExamples } from "./check-credential-schema";
import {
  checkDescribeHasNoSecret,
  checkFieldsDeclared,
  checkPluginType,
  checkSignInSteps,
  checkSpecificationVersion,
} from "./check-plugin-shape";
import { checkRegisteredSecretsRedacted } from "./check-registered-secrets";
import { checkDescribePlacementHasNoSecret, checkSecretValues } from "./check-secret-coverage";
import type {
  AuthPluginConformanceCheck,
  AuthPluginConformanceOptions,
  ConformanceProblems,
} from "./conformance-options";

/** Every check of the suite, with the sentence the test report shows. */
export const authPluginConformanceChecks: readonly {
  readonly title: string;
  readonly check: AuthPluginConformanceCheck;
}[] = [
  { title: 'implements specification "v2"', check: checkSpecificationVersion },
  { title: "has a lower-case type and a description", check: checkPluginType },
  { title: "parses the given config and credentials with its schemas", check: checkSchemasAcceptExamples },
  { title: "declares its fields for people: labels, secrets, examples", check: checkFieldsDeclared },
  { title: "rejects CR, LF and NUL in every credential string", check: checkCredentialRejectsLineBreaks },
  { title: "lists every secret field in secretValues", check: checkSecretValues },
  { title: "declares the placement it sets, and a real server receives it", check: checkPlacementMatches },
  { title: "keeps origin, path, method, body, config and credential", check: checkAuthorizeKeepsTarget },
  { title: "is safe to run again on retries and redirects (fixed clock)", check: checkAuthorizeIsRepeatable },
  { title: "attaches the credential", check: checkAuthorizeUsesCredential },
  { title: "redacts every stored and registered secret", check: checkRegisteredSecretsRedacted },
  { title: "describes the placement without a secret", check: checkDescribePlacementHasNoSecret },
  { title: "describes itself to agents in one line without a secret", check: checkDescribeHasNoSecret },
  { title: "has every sign-in step when it has sign-in", check: checkSignInSteps },
];

/** Runs every check; returns the problems, each prefixed by its check's title. Empty when the plugin conforms. */
export async function checkAuthPluginConformance(
  plugin: AnyAuthPluginV2,
  options: AuthPluginConformanceOptions,
): Promise<ConformanceProblems> {
  const problems: ConformanceProblems = [];
  for (const { title, check } of authPluginConformanceChecks)
    problems.push(...(await check(plugin, options)).map((problem) => `${title}: ${problem}`));
  return problems;
}
