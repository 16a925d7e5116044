import { describeAuthFields, type AuthField, type AuthRegistry } from "@src/auth";

type JsonSchema = Record<string, unknown>;

function fieldSchema(field: AuthField): JsonSchema {
  const type =
    field.kind === "list"
      ? { type: "array", items: { type: "string" } }
      : field.kind === "number"
        ? { type: "number" }
        : field.kind === "boolean"
          ? { type: "boolean" }
          : { type: "string" };
  return {
    ...type,
    title: field.label,
    ...(field.description === "" ? {} : { description: field.description }),
    ...(field.choices === undefined ? {} : { enum: field.choices }),
    ...(field.default === undefined ? {} : { default: field.default }),
    ...(field.example === undefined || field.secret ? {} : { examples: [field.example] }),
    ...(field.secret ? { writeOnly: true, format: "password" } : {}),
  };
}

function objectOf(fields: readonly AuthField[], extra: JsonSchema = {}): JsonSchema {
  return {
    type: "object",
    properties: Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])),
    ...(fields.some((field) => field.required)
      ? { required: fields.filter((field) => field.required).map((field) => field.name) }
      : {}),
    ...extra,
  };
}

/** A mode this document does not list (a plugin registered on another server): any fields. */
const otherMode = (what: string): JsonSchema => ({
  title: `the ${what} of another auth mode`,
  description: "A mode registered elsewhere (SRC_AUTH_PLUGINS): its own fields; GET /v1/config-schema lists them.",
  type: "object",
  additionalProperties: true,
});

/** Each auth mode's credential, from its declared fields: `oneOf` for `POST /v1/sources` and `PUT …/credential` in `/openapi.json`. */
export function credentialSchemasOf(registry: AuthRegistry): JsonSchema[] {
  const modes = registry.types.map((type) => {
    const plugin = registry.get(type);
    const fields = describeAuthFields(plugin);
    const title = `${type} credential`;
    if (fields.credentialKeysFrom !== undefined) {
      const { field, each } = fields.credentialKeysFrom;
      return {
        title,
        description: `One ${each.label.replace("{key}", "<name>")} per name in api.${field}.`,
        type: "object",
        additionalProperties: fieldSchema(each),
      };
    }
    return objectOf(fields.credential, { title, description: plugin.description });
  });
  return [...modes, otherMode("credential")];
}

/** Each auth mode's `api` fields (with `authType` fixed to it), from its declared fields: `oneOf` for `config.api` in `/openapi.json`. */
export function apiSchemasOf(registry: AuthRegistry): JsonSchema[] {
  const modes = registry.types.map((type) => {
    const plugin = registry.get(type);
    const fields = describeAuthFields(plugin).config;
    const base = objectOf(fields, { title: `${type} api fields`, description: plugin.description });
    const properties = {
      authType: { const: type },
      baseUrl: { type: "string" },
      testEndpoint: { type: "string" },
      ...(base.properties as JsonSchema),
    };
    // The fields every source has (headers, openapi, limits) come besides the mode's own.
    return {
      ...base,
      properties,
      required: ["authType", "baseUrl", "testEndpoint", ...((base.required as string[] | undefined) ?? [])],
      additionalProperties: true,
    };
  });
  return [...modes, otherMode("api fields")];
}
