import type { AnyAuthPluginV2 } from "../auth-plugin-v2";
import { publicCredentialFields } from "../plugin-secrets";
import { redactSecretForms } from "../secret-forms";
import type { AuthPluginConformanceCheck } from "./conformance-options";
import { parseConformanceInputs, stringFields } from "./conformance-inputs";

/**
 * The credential's string fields that must never be visible: every one except
 * those declared `secret: false` (a username, a client id).
 */
export function guardedFields(plugin: AnyAuthPluginV2, credential: Record<string, unknown>): [string, string][] {
  const publicNames = publicCredentialFields(plugin);
  return stringFields(credential).filter(([name, value]) => !publicNames.has(name) && value !== "");
}

function secretValuesOf(plugin: AnyAuthPluginV2, credential: Record<string, unknown>): string[] | string {
  let values: unknown;
  try {
    values = plugin.secretValues(credential);
  } catch (error) {
    return `secretValues threw ${error instanceof Error ? error.name : "a non-error"}; it must return a list of strings`;
  }
  if (!Array.isArray(values) || values.some((value) => typeof value !== "string"))
    return "secretValues must return an array of strings";
  return values as string[];
}

/** `secretValues` returns strings, none empty, including every secret credential field. */
export const checkSecretValues: AuthPluginConformanceCheck = (plugin, options) => {
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return Promise.resolve(parsed.problems);
  const values = secretValuesOf(plugin, parsed.inputs.credential);
  if (typeof values === "string") return Promise.resolve([values]);
  const problems: string[] = [];
  if (values.includes(""))
    problems.push("secretValues contains an empty string; leave out empty values (they cannot be redacted)");
  for (const [name, value] of guardedFields(plugin, parsed.inputs.credential)) {
    if (!values.includes(value))
      problems.push(
        `secretValues does not include the secret field "${name}"; return it so logs and agent output redact it`,
      );
  }
  return Promise.resolve(problems);
};

/** `describePlacement(config)` is a non-empty string with no form of any secret in it. */
export const checkDescribePlacementHasNoSecret: AuthPluginConformanceCheck = (plugin, options) => {
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return Promise.resolve(parsed.problems);
  const { config, credential } = parsed.inputs;
  const text = plugin.describePlacement(config);
  if (typeof text !== "string" || text.trim() === "")
    return Promise.resolve(["describePlacement must return a non-empty description such as 'header \"X-Api-Key\"'"]);
  const values = secretValuesOf(plugin, credential);
  const secrets = [
    ...(typeof values === "string" ? [] : values),
    ...guardedFields(plugin, credential).map(([, value]) => value),
  ];
  return Promise.resolve(
    redactSecretForms(text, secrets) === text
      ? []
      : [
          "describePlacement contains a secret; it receives only the config and must describe where the credential goes",
        ],
  );
};
