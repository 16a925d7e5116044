import { describeAuthFields, fieldMetaOf, objectShapeOf } from "../describe-auth-fields";
import { redactSecretForms } from "../secret-forms";
import type { AuthPluginConformanceCheck } from "./conformance-options";
import { parseConformanceInputs, stringFields } from "./conformance-inputs";

const typePattern = /^[a-z0-9][a-z0-9-]*$/;

/** `specificationVersion` is "v2". */
export const checkSpecificationVersion: AuthPluginConformanceCheck = (plugin) =>
  Promise.resolve(
    plugin.specificationVersion === "v2"
      ? []
      : [
          `specificationVersion is ${JSON.stringify(plugin.specificationVersion)}; this suite checks "v2", the only contract`,
        ],
  );

/** `type` is lower case `[a-z0-9-]`, starting with a letter or digit; `description` is a non-empty string. */
export const checkPluginType: AuthPluginConformanceCheck = (plugin) => {
  const problems: string[] = [];
  if (typeof plugin.type !== "string" || !typePattern.test(plugin.type)) {
    problems.push(
      `type ${JSON.stringify(plugin.type)} must match ${String(typePattern)} (it is the api.authType value, e.g. "hmac")`,
    );
  }
  if (typeof plugin.description !== "string" || plugin.description.trim() === "") {
    problems.push("description must be a non-empty sentence saying where the credential goes");
  }
  return Promise.resolve(problems);
};

/** The meta of each field the schemas name, by `api.<name>` / `credential.<name>`. */
function declaredMetas(schema: unknown, prefix: string): [string, ReturnType<typeof fieldMetaOf>, unknown][] {
  const shape = objectShapeOf(schema) ?? {};
  return Object.entries(shape).map(([name, field]) => [`${prefix}.${name}`, fieldMetaOf(field), field]);
}

/**
 * The fields are declared for people: every `api` and credential field has a
 * `label` in its `.meta()`, no `api` field is `secret` (config.json is not
 * encrypted), every `example` parses with its field's schema, the given
 * credential has every field declared for the given config, and a credential
 * keyed by an `api` list (`keysFrom`) names an `api` field.
 */
export const checkFieldsDeclared: AuthPluginConformanceCheck = (plugin, options) => {
  const problems: string[] = [];
  const metas = [...declaredMetas(plugin.configSchema, "api"), ...declaredMetas(plugin.credentialSchema, "credential")];
  for (const [where, meta, schema] of metas) {
    if (meta.managed === true) continue;
    if (typeof meta.label !== "string" || meta.label.trim() === "")
      problems.push(`${where} has no label: add .meta({ label: "..." }) to its schema (prompts and forms show it)`);
    if (where.startsWith("api.") && meta.secret === true)
      problems.push(
        `${where} is declared secret, but api fields are stored in clear in config.json; move it to the credential`,
      );
    if (
      meta.example !== undefined &&
      !(schema as { safeParse(value: unknown): { success: boolean } }).safeParse(meta.example).success
    ) {
      problems.push(`${where}'s example does not parse with its own schema; give an example that does`);
    }
  }
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return Promise.resolve([...problems, ...parsed.problems]);
  const fields = describeAuthFields(plugin, parsed.inputs.config);
  if (objectShapeOf(plugin.credentialSchema) === undefined && fields.credentialKeysFrom === undefined) {
    problems.push(
      'credentialSchema must be a z.object of named fields, or a z.record whose .meta({ keysFrom: "<api field>" }) names the api list of its keys',
    );
  }
  if (
    fields.credentialKeysFrom !== undefined &&
    !fields.config.some((field) => field.name === fields.credentialKeysFrom?.field && field.kind === "list")
  ) {
    problems.push(
      `credentialSchema's keysFrom names api.${fields.credentialKeysFrom.field}, which is not a list field of configSchema`,
    );
  }
  for (const field of fields.credential) {
    if (field.required && !Object.hasOwn(parsed.inputs.credential, field.name))
      problems.push(
        `the declared credential field "${field.name}" is missing from the parsed credential; declare the credential's own keys`,
      );
  }
  return Promise.resolve(problems);
};

/** `describe(config)`, when the plugin has it, is one line (or undefined) with no secret in it. */
export const checkDescribeHasNoSecret: AuthPluginConformanceCheck = (plugin, options) => {
  if (plugin.describe === undefined) return Promise.resolve([]);
  const parsed = parseConformanceInputs(plugin, options);
  if (parsed.problems) return Promise.resolve(parsed.problems);
  const text: unknown = plugin.describe(parsed.inputs.config);
  if (text === undefined) return Promise.resolve([]);
  if (typeof text !== "string" || text.trim() === "" || /[\r\n]/.test(text))
    return Promise.resolve([
      "describe(config) must return one non-empty line for the agent's tool description, or undefined",
    ]);
  const secrets = stringFields(parsed.inputs.credential).map(([, value]) => value);
  return Promise.resolve(
    redactSecretForms(text, secrets) === text
      ? []
      : ["describe(config) contains a credential value; it must describe the mode from the config alone"],
  );
};

/** A plugin with sign-in steps has every step as a function. */
export const checkSignInSteps: AuthPluginConformanceCheck = (plugin) => {
  if (plugin.signIn === undefined) return Promise.resolve([]);
  const steps = plugin.signIn as unknown as Record<string, unknown>;
  const missing = ["unavailable", "begin", "complete", "status", "signOut"].filter(
    (name) => typeof steps[name] !== "function",
  );
  return Promise.resolve(
    missing.length === 0 ? [] : [`signIn must have the steps ${missing.join(", ")} as functions (see AuthSignIn)`],
  );
};
