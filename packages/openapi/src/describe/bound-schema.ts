import { schemaReferencePrefix } from "../index/resolve-reference";
import { isRecord, type UnknownRecord } from "./json-object";

/** The key that marks where a schema was cut. */
export const CUT_MARKER = "x-cut";

/** How much of a schema to show. */
export interface SchemaBounds {
  /** Levels of nesting shown (properties, items, combinators). */
  maxDepth: number;
  /** Properties shown per object. */
  maxProperties: number;
  /** Enum values shown. */
  maxEnumValues: number;
  /** Characters of a description. */
  maxDescriptionLength: number;
}

const keptScalars = [
  "type",
  "format",
  "const",
  "default",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "minItems",
  "maxItems",
  "nullable",
  "readOnly",
  "writeOnly",
  "deprecated",
];

/**
 * `schema` with its `$ref`s into `components.schemas` resolved, shown to
 * `bounds`: deeper levels, extra properties and long enums are cut and the
 * place says so under `x-cut`; a schema that contains itself says `recursive`.
 */
export function boundSchema(
  schema: unknown,
  schemas: UnknownRecord,
  bounds: SchemaBounds,
  depth = 0,
  seen: readonly string[] = [],
): unknown {
  if (!isRecord(schema)) return schema;
  let current = schema;
  let referenceName: string | undefined;
  for (let hop = 0; hop < 10 && typeof current.$ref === "string"; hop += 1) {
    const reference = current.$ref;
    if (!reference.startsWith(schemaReferencePrefix)) return {};
    referenceName = reference.slice(schemaReferencePrefix.length);
    if (seen.includes(referenceName)) return { [CUT_MARKER]: `recursive: the same shape as ${referenceName} above` };
    const target = schemas[referenceName];
    if (!isRecord(target)) return {};
    current = target;
  }
  const nextSeen = referenceName === undefined ? seen : [...seen, referenceName];
  const result: UnknownRecord = {};
  for (const key of keptScalars) if (current[key] !== undefined) result[key] = current[key];
  if (typeof current.description === "string" && current.description !== "") {
    result.description =
      current.description.length > bounds.maxDescriptionLength
        ? `${current.description.slice(0, bounds.maxDescriptionLength - 1)}…`
        : current.description;
  }
  if (Array.isArray(current.enum)) {
    result.enum = current.enum.slice(0, bounds.maxEnumValues);
    if (current.enum.length > bounds.maxEnumValues)
      result[CUT_MARKER] = `${current.enum.length - bounds.maxEnumValues} more enum values not shown`;
  }
  if (Array.isArray(current.required)) result.required = current.required;
  const nested = ["properties", "items", "additionalProperties", "allOf", "anyOf", "oneOf"].filter(
    (key) => isRecord(current[key]) || Array.isArray(current[key]),
  );
  if (nested.length === 0) return result;
  if (depth >= bounds.maxDepth) {
    result[CUT_MARKER] = `deeper levels not shown${referenceName === undefined ? "" : ` (schema ${referenceName})`}`;
    return result;
  }
  const inner = (value: unknown): unknown => boundSchema(value, schemas, bounds, depth + 1, nextSeen);
  if (isRecord(current.properties)) {
    const entries = Object.entries(current.properties);
    result.properties = Object.fromEntries(
      entries.slice(0, bounds.maxProperties).map(([name, value]) => [name, inner(value)]),
    );
    if (entries.length > bounds.maxProperties)
      result[CUT_MARKER] = `${entries.length - bounds.maxProperties} more properties not shown`;
  }
  if (current.items !== undefined) result.items = inner(current.items);
  if (isRecord(current.additionalProperties)) result.additionalProperties = inner(current.additionalProperties);
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    const list = current[key];
    if (Array.isArray(list)) result[key] = list.slice(0, bounds.maxProperties).map(inner);
  }
  return result;
}

/**
 * A ready-to-fill value for `schema`: required properties (all of them when
 * none are marked required and there are few), placeholders such as
 * `"<title>"`, an enum's first value. Stops at `maxDepth`.
 */
export function exampleOf(schema: unknown, schemas: UnknownRecord, name = "value", depth = 0, maxDepth = 3): unknown {
  let current = schema;
  for (let hop = 0; hop < 10 && isRecord(current) && typeof current.$ref === "string"; hop += 1) {
    current = current.$ref.startsWith(schemaReferencePrefix)
      ? schemas[current.$ref.slice(schemaReferencePrefix.length)]
      : undefined;
  }
  if (!isRecord(current)) return `<${name}>`;
  if (current.const !== undefined) return current.const;
  if (Array.isArray(current.enum) && current.enum.length > 0) return current.enum[0];
  const combined: unknown = current.oneOf ?? current.anyOf ?? current.allOf;
  if (Array.isArray(combined) && combined.length > 0 && current.properties === undefined)
    return exampleOf(combined[0], schemas, name, depth, maxDepth);
  const declared: unknown = current.type;
  const type: unknown = Array.isArray(declared) ? declared.find((item) => item !== "null") : declared;
  switch (type) {
    case "integer":
    case "number":
      return typeof current.minimum === "number" ? current.minimum : 0;
    case "boolean":
      return false;
    case "array":
      return depth >= maxDepth ? [] : [exampleOf(current.items, schemas, name, depth + 1, maxDepth)];
    case "object":
    case undefined: {
      if (!isRecord(current.properties)) return type === undefined ? `<${name}>` : {};
      if (depth >= maxDepth) return {};
      const required = Array.isArray(current.required)
        ? current.required.filter((item): item is string => typeof item === "string")
        : [];
      const names = required.length > 0 ? required : Object.keys(current.properties).slice(0, 3);
      const properties = current.properties;
      return Object.fromEntries(
        names
          .filter((key) => key in properties)
          .map((key) => [key, exampleOf(properties[key], schemas, key, depth + 1, maxDepth)]),
      );
    }
    default:
      return `<${name}>`;
  }
}
