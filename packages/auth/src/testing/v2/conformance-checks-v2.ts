import type { AnyAuthPlugin } from "../../auth-plugin";
import type { AnyAuthPluginV2 } from "../../v2/auth-plugin-v2";
import { checkCredentialRejectsLineBreaks, checkSchemasAcceptExamples } from "../check-credential-schema";
import { checkCredentialFields, checkPluginType } from "../check-plugin-shape";
import { checkDescribePlacementHasNoSecret, checkSecretValues } from "../check-secret-coverage";
import type { AuthPluginConformanceCheck, ConformanceProblems } from "../conformance-options";
import { checkAuthorizeIsRepeatable, checkAuthorizeKeepsTarget, checkAuthorizeUsesCredential, checkPlacementMatches } from "./check-authorize-behaviour";
import { checkRegisteredSecretsRedacted } from "./check-registered-secrets";
import type { AuthPluginConformanceCheckV2, AuthPluginConformanceOptionsV2 } from "./conformance-options-v2";

/** `specificationVersion` is "v2". */
export const checkSpecificationVersionV2: AuthPluginConformanceCheckV2 = (plugin) =>
  Promise.resolve(plugin.specificationVersion === "v2" ? [] : [`specificationVersion is ${JSON.stringify(plugin.specificationVersion)}; this suite checks "v2"`]);

/** A v1 check of the members both versions share, run on a v2 plugin. */
function shared(check: AuthPluginConformanceCheck): AuthPluginConformanceCheckV2 {
  return (plugin, options) => Promise.resolve(check(plugin as unknown as AnyAuthPlugin, options));
}

/** Every check of the v2 suite, with the sentence the test report shows. */
export const authPluginConformanceChecksV2: readonly { readonly title: string; readonly check: AuthPluginConformanceCheckV2 }[] = [
  { title: 'implements specification "v2"', check: checkSpecificationVersionV2 },
  { title: "has a lower-case type and a description", check: shared(checkPluginType) },
  { title: "parses the given config and credentials with its schemas", check: shared(checkSchemasAcceptExamples) },
  { title: "lists credential fields that are keys of the credential", check: shared(checkCredentialFields) },
  { title: "rejects CR, LF and NUL in every credential string", check: shared(checkCredentialRejectsLineBreaks) },
  { title: "lists every secret field in secretValues", check: shared(checkSecretValues) },
  { title: "declares the placement it sets, and a real server receives it", check: checkPlacementMatches },
  { title: "keeps origin, path, method, body, config and credential", check: checkAuthorizeKeepsTarget },
  { title: "is safe to run again on retries and redirects (fixed clock)", check: checkAuthorizeIsRepeatable },
  { title: "attaches the credential", check: checkAuthorizeUsesCredential },
  { title: "redacts every stored and registered secret", check: checkRegisteredSecretsRedacted },
  { title: "describes the placement without a secret", check: shared(checkDescribePlacementHasNoSecret) },
];

/** Runs every v2 check; returns the problems, each prefixed by its check's title. Empty when the plugin conforms. */
export async function checkAuthPluginConformanceV2(plugin: AnyAuthPluginV2, options: AuthPluginConformanceOptionsV2): Promise<ConformanceProblems> {
  const problems: ConformanceProblems = [];
  for (const { title, check } of authPluginConformanceChecksV2) problems.push(...(await check(plugin, options)).map((problem) => `${title}: ${problem}`));
  return problems;
}
