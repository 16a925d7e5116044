import type { RegisteredAuthPlugin as AnyAuthPlugin } from "@src/auth";
import { z } from "zod";
import { sourceFileSchema } from "./source-schema";

/** The auth modes shipped with src (spec section 5); custom plugins add their own types. */
export const builtInAuthTypes = ["bearer", "header", "query", "basic"] as const;

type JsonObject = Record<string, unknown>;

function objectAt(parent: JsonObject, key: string): JsonObject {
  const value = parent[key];
  if (typeof value !== "object" || value === null) throw new Error(`JSON Schema has no object at "${key}"`);
  return value as JsonObject;
}

/**
 * The JSON Schema of `config.json`, generated from `sourceFileSchema` with
 * `z.toJSONSchema` (input side: service fields optional, defaults shown), plus
 * one branch per auth plugin, generated from the plugin's own `configSchema`:
 * its fields are described under `api`, and required through `if`/`then` when
 * `api.authType` is the plugin's type. `authType` suggests the plugins' types
 * (any other `[a-z0-9-]+` type is allowed for plugins registered elsewhere).
 * The shipped `schema/source.schema.json` (`@src/config/schema.json`) is built
 * from the built-in plugins (the four of spec section 5 and oauth2); a team with its own plugins can build one
 * that covers them too.
 */
export function buildSourceJsonSchema({ plugins }: { plugins: readonly AnyAuthPlugin[] }): JsonObject {
  const generated = z.toJSONSchema(sourceFileSchema, { io: "input", target: "draft-2020-12" }) as JsonObject;
  const api = objectAt(objectAt(generated, "properties"), "api");
  const apiProperties = objectAt(api, "properties");
  const authType = objectAt(apiProperties, "authType");
  apiProperties.authType = {
    description: authType.description,
    anyOf: [
      { enum: plugins.map((plugin) => plugin.type), description: "A registered auth mode." },
      { type: "string", pattern: "^[a-z0-9-]+$", description: "The type of an auth plugin registered elsewhere." },
    ],
  };
  const branches: JsonObject[] = [];
  for (const plugin of plugins) {
    const fields = z.toJSONSchema(plugin.configSchema, { io: "input", target: "draft-2020-12", unrepresentable: "any" }) as JsonObject;
    const properties = (fields.properties ?? {}) as Record<string, JsonObject>;
    for (const [name, schema] of Object.entries(properties)) {
      apiProperties[name] = { ...schema, description: schema.description ?? `Extra field of auth mode "${plugin.type}".` };
    }
    const required = (fields.required ?? []) as string[];
    if (required.length > 0) branches.push({ if: { properties: { authType: { const: plugin.type } }, required: ["authType"] }, then: { required } });
  }
  if (branches.length > 0) api.allOf = branches;
  return {
    $schema: generated.$schema,
    $id: "https://unpkg.com/@src/config/schema/source.schema.json",
    title: "src REST API source (config.json)",
    description: "A REST API source. Write the operator fields (type, name, slug, enabled, api); the service fills in id, createdAt, updatedAt and status.",
    ...Object.fromEntries(Object.entries(generated).filter(([key]) => key !== "$schema")),
  };
}

/** The committed file's text: the schema as 2-space JSON with a final newline. */
export function renderSourceJsonSchema(options: { plugins: readonly AnyAuthPlugin[] }): string {
  return `${JSON.stringify(buildSourceJsonSchema(options), null, 2)}\n`;
}
