import type { AuthPluginConformanceCheck } from "./conformance-options";
import { parseConformanceInputs, stringFields } from "./conformance-inputs";

/** The given config and credential(s) parse with the plugin's schemas. */
export const checkSchemasAcceptExamples: AuthPluginConformanceCheck = (plugin, options) =>
  Promise.resolve(parseConformanceInputs(plugin, options).problems ?? []);

const injections = [
  { name: "CR", character: "\r" },
  { name: "LF", character: "\n" },
  { name: "NUL", character: "\0" },
] as const;

/** CR, LF and NUL inside (and at the end of) every string field are rejected by `credentialSchema`. */
export const checkCredentialRejectsLineBreaks: AuthPluginConformanceCheck = (plugin, options) => {
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return Promise.resolve(parsed.problems);
  const problems: string[] = [];
  const { credential } = parsed.inputs;
  for (const [field, value] of stringFields(credential)) {
    for (const { name, character } of injections) {
      const middle = Math.floor(value.length / 2);
      const variants = [`${value.slice(0, middle)}${character}${value.slice(middle)}`, `${value}${character}`];
      for (const variant of variants) {
        if (plugin.credentialSchema.safeParse({ ...credential, [field]: variant }).success) {
          problems.push(
            `credentialSchema accepts ${name} in "${field}"; build string fields from credentialTextSchema to stop header injection`,
          );
          break;
        }
      }
    }
  }
  return Promise.resolve(problems);
};
