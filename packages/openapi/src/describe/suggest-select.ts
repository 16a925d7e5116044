import { schemaReferencePrefix } from "../index/resolve-reference";
import { isRecord, type UnknownRecord } from "./json-object";

/** A `select` (JMESPath) for an operation whose response is large, and what it keeps. */
export interface SuggestedSelect {
  select: string;
  keeps: string;
}

/** An item with more fields than this is large enough to suggest a select for. */
export const largeItemFields = 8;
/** Fields a suggested select keeps of each item. */
const keptFields = 6;
/** Field names worth keeping first, in this order: what identifies an item and says what it is. */
const preferredFields = [
  "id",
  "number",
  "key",
  "name",
  "title",
  "login",
  "username",
  "email",
  "state",
  "status",
  "type",
  "description",
  "html_url",
  "url",
  "created_at",
  "updated_at",
  "createdAt",
  "updatedAt",
];

/** The schema `$ref`s into `components.schemas` point to, one `allOf` merged, the first object of `anyOf`/`oneOf`. */
function resolve(schema: unknown, schemas: UnknownRecord, depth = 0): UnknownRecord | undefined {
  if (!isRecord(schema) || depth > 10) return undefined;
  const reference = schema.$ref;
  if (typeof reference === "string") {
    return reference.startsWith(schemaReferencePrefix)
      ? resolve(schemas[reference.slice(schemaReferencePrefix.length)], schemas, depth + 1)
      : undefined;
  }
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => resolve(part, schemas, depth + 1)).filter((part) => part !== undefined);
    const properties = Object.assign(
      {},
      ...parts.map((part) => (isRecord(part.properties) ? part.properties : {})),
      isRecord(schema.properties) ? schema.properties : {},
    ) as UnknownRecord;
    return { type: "object", properties };
  }
  // `items` as a list with no type is how some documents (Slack's) write a choice of object shapes.
  const choices = [schema.oneOf, schema.anyOf, schema.type === undefined ? schema.items : undefined];
  for (const options of choices) {
    if (Array.isArray(options) && schema.properties === undefined) {
      for (const option of options) {
        const resolved = resolve(option, schemas, depth + 1);
        if (resolved !== undefined && (isRecord(resolved.properties) || resolved.items !== undefined)) return resolved;
      }
    }
  }
  return schema;
}

const typesOf = (schema: UnknownRecord): string[] =>
  Array.isArray(schema.type)
    ? schema.type.filter((item): item is string => typeof item === "string")
    : typeof schema.type === "string"
      ? [schema.type]
      : [];
const isArraySchema = (schema: UnknownRecord): boolean => typesOf(schema).includes("array") || isRecord(schema.items);
/** An object that wraps a list (`{ total_count, items }`, `{ ok, channels, response_metadata }`), not an item with a list inside. */
const maxEnvelopeProperties = 6;
const isScalar = (schema: UnknownRecord | undefined): boolean =>
  schema !== undefined && typesOf(schema).some((type) => ["string", "integer", "number", "boolean"].includes(type));

/** A field name as a JMESPath identifier: bare when it can be, else quoted. */
const identifier = (name: string): string => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : JSON.stringify(name));

/** The properties of an array's items, when they are objects. */
function itemProperties(array: UnknownRecord, schemas: UnknownRecord): UnknownRecord | undefined {
  const items = resolve(array.items, schemas);
  return items !== undefined && isRecord(items.properties) ? items.properties : undefined;
}

/** Field names that usually hold long text: kept last. */
const bulkyFields = new Set([
  "body",
  "content",
  "contents",
  "text",
  "html",
  "markdown",
  "patch",
  "diff",
  "raw",
  "payload",
  "data",
  "blob",
]);

/** The fields kept of each item: the preferred names it has, then its first other scalar fields, long-text ones last. */
function keptOf(properties: UnknownRecord, schemas: UnknownRecord): string[] {
  const scalars = Object.keys(properties).filter((name) => isScalar(resolve(properties[name], schemas)));
  const preferred = preferredFields.filter((name) => scalars.includes(name));
  const rest = scalars.filter((name) => !preferred.includes(name));
  return [
    ...preferred,
    ...rest.filter((name) => !bulkyFields.has(name)),
    ...rest.filter((name) => bulkyFields.has(name)),
  ].slice(0, keptFields);
}

/**
 * A `select` for a response whose items are large: a top-level array (`[].{id: id, ...}`)
 * or the array of a top-level object (`items[].{...}`), keeping a few scalar fields of
 * each item (what identifies it and says what it is). `undefined` when the response
 * has no such array, or its items are small.
 */
export function suggestSelect(responseSchema: unknown, schemas: UnknownRecord): SuggestedSelect | undefined {
  const top = resolve(responseSchema, schemas);
  if (top === undefined) return undefined;
  let path: string;
  let properties: UnknownRecord | undefined;
  if (isArraySchema(top)) {
    path = "";
    properties = itemProperties(top, schemas);
  } else {
    if (!isRecord(top.properties) || Object.keys(top.properties).length > maxEnvelopeProperties) return undefined;
    const arrays = Object.entries(top.properties)
      .map(([name, schema]) => [name, resolve(schema, schemas)] as const)
      .filter((entry): entry is readonly [string, UnknownRecord] => entry[1] !== undefined && isArraySchema(entry[1]))
      .map(([name, schema]) => [name, itemProperties(schema, schemas)] as const)
      .filter((entry): entry is readonly [string, UnknownRecord] => entry[1] !== undefined)
      .sort((left, right) => Object.keys(right[1]).length - Object.keys(left[1]).length);
    const largest = arrays[0];
    if (largest === undefined) return undefined;
    path = identifier(largest[0]);
    properties = largest[1];
  }
  if (properties === undefined) return undefined;
  const fields = Object.keys(properties).length;
  if (fields <= largeItemFields) return undefined;
  const kept = keptOf(properties, schemas);
  if (kept.length === 0) return undefined;
  const select = `${path}[].{${kept.map((name) => `${identifier(name)}: ${identifier(name)}`).join(", ")}}`;
  return {
    select,
    keeps: `${kept.length} of the ${fields} fields of each item${path === "" ? "" : ` of ${path}`}; pass it as select, or name the fields you need`,
  };
}
