import type { CredentialField } from "../auth-plugin";
import type { AuthPluginConformanceCheck } from "./conformance-options";
import { parseConformanceInputs } from "./conformance-inputs";

const typePattern = /^[a-z0-9][a-z0-9-]*$/;

/** `specificationVersion` is "v1". */
export const checkSpecificationVersion: AuthPluginConformanceCheck = (plugin) =>
  plugin.specificationVersion === "v1"
    ? []
    : [`specificationVersion is ${JSON.stringify(plugin.specificationVersion)}; this suite checks "v1"`];

/** `type` is lower case `[a-z0-9-]`, starting with a letter or digit; `description` is a non-empty string. */
export const checkPluginType: AuthPluginConformanceCheck = (plugin) => {
  const problems: string[] = [];
  if (typeof plugin.type !== "string" || !typePattern.test(plugin.type)) {
    problems.push(`type ${JSON.stringify(plugin.type)} must match ${String(typePattern)} (it is the api.authType value, e.g. "hmac")`);
  }
  if (typeof plugin.description !== "string" || plugin.description.trim() === "") {
    problems.push("description must be a non-empty sentence saying where the credential goes");
  }
  return problems;
};

/** `credentialFields` is non-empty, has unique names and labels, and every name is a key of the parsed credential. */
export const checkCredentialFields: AuthPluginConformanceCheck = (plugin, options) => {
  const problems: string[] = [];
  if (!Array.isArray(plugin.credentialFields) || plugin.credentialFields.length === 0) return ["credentialFields must list at least one field a person is asked for"];
  const fields: readonly CredentialField[] = plugin.credentialFields;
  const names = fields.map((field) => field.name);
  const duplicates = names.filter((name, index) => names.indexOf(name) !== index);
  if (duplicates.length > 0) problems.push(`credentialFields lists ${duplicates.map((name) => `"${name}"`).join(", ")} more than once`);
  for (const field of fields) {
    if (typeof field.label !== "string" || field.label.trim() === "") problems.push(`credentialFields "${field.name}" needs a label for prompts`);
    if (typeof field.secret !== "boolean") problems.push(`credentialFields "${field.name}" must say whether it is secret (true or false)`);
  }
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return [...problems, ...parsed.problems];
  for (const name of names) {
    if (!Object.hasOwn(parsed.inputs.credential, name)) {
      problems.push(`credentialFields names "${name}", which is not a key of the parsed credential; use the credential's own keys`);
    }
  }
  return problems;
};
