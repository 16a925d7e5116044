import type { AnyAuthPluginV2 as AnyAuthPlugin } from "./auth-plugin-v2";

const typePattern = /^[a-z0-9-]+$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isSchema = (value: unknown): boolean => isObject(value) && typeof value.safeParse === "function";

/**
 * The problems that keep `value` from being an auth plugin (the contract, v2),
 * one short phrase each (e.g. `authorize is not a function`); an empty list means it is one.
 * `createAuthRegistry` and the module loader of `@src/service` (`SRC_AUTH_PLUGINS`) both refuse a plugin with any.
 */
export function findAuthPluginProblems(value: unknown): string[] {
  if (!isObject(value)) return [`it is ${value === null ? "null" : typeof value}, not a plugin object`];
  const problems: string[] = [];
  if (value.specificationVersion !== "v2") {
    const moved =
      value.specificationVersion === "v1"
        ? " (contract v1 was removed: replace apply with placement and an async authorize, and declare the fields in the schemas' .meta(); see @src/auth's README)"
        : "";
    problems.push(
      `specificationVersion is ${JSON.stringify(value.specificationVersion) ?? "missing"}; this version of src supports "v2"${moved}`,
    );
  }
  if (typeof value.type !== "string" || !typePattern.test(value.type))
    problems.push("type must be a lower-case string of [a-z0-9-]");
  if (typeof value.description !== "string") problems.push("description is not a string");
  if (!isSchema(value.configSchema)) problems.push("configSchema is not a zod schema");
  if (!isSchema(value.credentialSchema)) problems.push("credentialSchema is not a zod schema");
  for (const method of ["placement", "authorize", "secretValues", "describePlacement"] as const) {
    if (typeof value[method] !== "function") problems.push(`${method} is not a function`);
  }
  if (value.describe !== undefined && typeof value.describe !== "function") problems.push("describe is not a function");
  if (value.signIn !== undefined && !isObject(value.signIn)) problems.push("signIn is not an object of sign-in steps");
  return problems;
}

/** True when `value` looks like a plugin object (rather than a factory or something else). */
export function looksLikeAuthPlugin(value: unknown): value is AnyAuthPlugin {
  return isObject(value) && "specificationVersion" in value;
}
