import type { RegisteredAuthPlugin as AnyAuthPlugin } from "@src/auth";

const typePattern = /^[a-z0-9-]+$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isSchema = (value: unknown): boolean => isObject(value) && typeof value.safeParse === "function";

/**
 * The problems that keep `value` from being an auth plugin (contract v1 or v2),
 * one short phrase each (e.g. `apply is not a function`); an empty list means it is one.
 */
export function findAuthPluginProblems(value: unknown): string[] {
  if (!isObject(value)) return [`it is ${value === null ? "null" : typeof value}, not a plugin object`];
  const problems: string[] = [];
  if (value.specificationVersion !== "v1" && value.specificationVersion !== "v2") {
    problems.push(`specificationVersion is ${JSON.stringify(value.specificationVersion) ?? "missing"}; this version of src supports "v1" and "v2"`);
  }
  if (typeof value.type !== "string" || !typePattern.test(value.type)) problems.push("type must be a lower-case string of [a-z0-9-]");
  if (typeof value.description !== "string") problems.push("description is not a string");
  if (!isSchema(value.configSchema)) problems.push("configSchema is not a zod schema");
  if (!isSchema(value.credentialSchema)) problems.push("credentialSchema is not a zod schema");
  const fields = value.credentialFields;
  if (!Array.isArray(fields) || !fields.every((field) => isObject(field) && typeof field.name === "string" && typeof field.secret === "boolean")) {
    problems.push("credentialFields is not a list of { name, label, secret }");
  }
  const hooks = value.specificationVersion === "v2" ? (["placement", "authorize", "secretValues", "describePlacement"] as const) : (["apply", "secretValues", "describePlacement"] as const);
  for (const method of hooks) {
    if (typeof value[method] !== "function") problems.push(`${method} is not a function`);
  }
  return problems;
}

/** True when `value` looks like a plugin object (rather than a factory or something else). */
export function looksLikeAuthPlugin(value: unknown): value is AnyAuthPlugin {
  return isObject(value) && "specificationVersion" in value;
}
