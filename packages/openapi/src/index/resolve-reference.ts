/** Decodes one JSON-pointer segment (`~1` is `/`, `~0` is `~`). */
function unescapeSegment(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The value at a local reference (`#/components/...`) of `document`, or `undefined` (external or missing). */
export function resolveLocalReference(document: unknown, reference: string): unknown {
  if (!reference.startsWith("#")) return undefined;
  let value: unknown = document;
  for (const segment of reference.slice(1).split("/").slice(1)) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[unescapeSegment(segment)];
  }
  return value;
}

/** Follows `$ref`s (at most `maxHops`) until an object without one: parameters, request bodies, responses. */
export function dereferenceObject(
  document: unknown,
  value: unknown,
  maxHops = 10,
): Record<string, unknown> | undefined {
  let current = value;
  for (let hop = 0; hop <= maxHops; hop += 1) {
    if (typeof current !== "object" || current === null || Array.isArray(current)) return undefined;
    const reference = (current as Record<string, unknown>).$ref;
    if (typeof reference !== "string") return current as Record<string, unknown>;
    current = resolveLocalReference(document, reference);
  }
  return undefined;
}

/** The prefix of the references the index keeps inside schemas. */
export const schemaReferencePrefix = "#/components/schemas/";

/**
 * A schema whose local references outside `components.schemas` are inlined
 * (those the index keeps no copy of); references into `components.schemas`
 * stay. External references become `{}` (anything).
 */
export function keepSchemaReferences(document: unknown, schema: unknown, seen: Set<string> = new Set()): unknown {
  if (Array.isArray(schema)) return schema.map((item) => keepSchemaReferences(document, item, seen));
  if (typeof schema !== "object" || schema === null) return schema;
  const record = schema as Record<string, unknown>;
  const reference = record.$ref;
  if (typeof reference === "string") {
    if (reference.startsWith(schemaReferencePrefix)) return record;
    if (!reference.startsWith("#") || seen.has(reference)) return {};
    return keepSchemaReferences(
      document,
      resolveLocalReference(document, reference) ?? {},
      new Set([...seen, reference]),
    );
  }
  const result: Record<string, unknown> = {};
  // OpenAPI 3.0's `nullable` (left where the upgrade to 3.1 did not turn it into a type list): as JSON Schema says it.
  if (record.nullable === true && typeof record.type === "string") result.type = [record.type, "null"];
  for (const [key, value] of Object.entries(record)) {
    if (key === "nullable" || (key === "type" && result.type !== undefined)) continue;
    // Examples can be large and are not needed to check or describe a call.
    if (droppedKeywords.has(key)) continue;
    if (literalKeywords.has(key)) result[key] = value;
    else if (schemaMapKeywords.has(key) && typeof value === "object" && value !== null && !Array.isArray(value)) {
      // Keys of these are names (a property called "examples" is kept), values are schemas.
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, keepSchemaReferences(document, item, seen)]),
      );
    } else result[key] = keepSchemaReferences(document, value, seen);
  }
  return result;
}

const droppedKeywords = new Set([
  "example",
  "examples",
  "xml",
  "externalDocs",
  "$schema",
  "$id",
  "$anchor",
  "$dynamicAnchor",
]);
const literalKeywords = new Set(["enum", "const", "default", "required"]);
const schemaMapKeywords = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
