import { z } from "zod";
import { sourceFileSchema } from "./source-schema";

/** The auth modes shipped with src (spec section 5); custom plugins add their own types. */
export const builtInAuthTypes = ["bearer", "header", "query", "basic"] as const;

type JsonObject = Record<string, unknown>;

/** An HTTP header name (RFC 9110 token). */
const headerNamePattern = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$";

/** The extra `api` fields of the built-in modes, and which mode requires each. */
const builtInFields = [
  {
    authType: "header",
    field: "headerName",
    schema: { type: "string", pattern: headerNamePattern, description: 'Name of the HTTP header that carries the key (authType "header"), e.g. X-Api-Key.' },
  },
  {
    authType: "query",
    field: "queryParam",
    schema: { type: "string", minLength: 1, description: 'Name of the query parameter that carries the key (authType "query"), e.g. api_key.' },
  },
] as const;

function objectAt(parent: JsonObject, key: string): JsonObject {
  const value = parent[key];
  if (typeof value !== "object" || value === null) throw new Error(`JSON Schema has no object at "${key}"`);
  return value as JsonObject;
}

/**
 * The JSON Schema of `config.json`, generated from `sourceFileSchema` with
 * `z.toJSONSchema` (input side: service fields optional, defaults shown), plus
 * the built-in auth modes: `authType` suggests the four built-in types (any
 * other `[a-z0-9-]+` type is allowed for custom plugins), and `headerName` /
 * `queryParam` are required through `if`/`then` when their mode is chosen.
 * Shipped as `schema/source.schema.json` (`@src/config/schema.json`).
 */
export function buildSourceJsonSchema(): JsonObject {
  const generated = z.toJSONSchema(sourceFileSchema, { io: "input", target: "draft-2020-12" }) as JsonObject;
  const api = objectAt(objectAt(generated, "properties"), "api");
  const apiProperties = objectAt(api, "properties");
  const authType = objectAt(apiProperties, "authType");
  apiProperties.authType = {
    description: authType.description,
    anyOf: [
      { enum: [...builtInAuthTypes], description: "A built-in auth mode." },
      { type: "string", pattern: "^[a-z0-9-]+$", description: "The type of a registered custom auth plugin." },
    ],
  };
  for (const { field, schema } of builtInFields) apiProperties[field] = { ...schema };
  api.allOf = builtInFields.map(({ authType: type, field }) => ({
    if: { properties: { authType: { const: type } }, required: ["authType"] },
    then: { required: [field] },
  }));
  return {
    $schema: generated.$schema,
    $id: "https://unpkg.com/@src/config/schema/source.schema.json",
    title: "src REST API source (config.json)",
    description: "A REST API source. Write the operator fields (type, name, slug, enabled, api); the service fills in id, createdAt, updatedAt and status.",
    ...Object.fromEntries(Object.entries(generated).filter(([key]) => key !== "$schema")),
  };
}

/** The committed file's text: the schema as 2-space JSON with a final newline. */
export function renderSourceJsonSchema(): string {
  return `${JSON.stringify(buildSourceJsonSchema(), null, 2)}\n`;
}
