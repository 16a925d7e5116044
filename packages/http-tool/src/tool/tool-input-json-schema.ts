import { z } from "zod";
import { HTTP_METHODS } from "../request/tool-call";
import { apiToolInputSchema } from "./agent-input";

/** A JSON Schema object, as agent APIs take it. */
export type JsonSchemaObject = { type: "object"; properties: Record<string, unknown>; required?: string[] } & Record<
  string,
  unknown
>;

/**
 * The tool's input as a JSON Schema (draft-07 subset), generated from
 * `apiToolInputSchema` (its input side) and cleaned up for MCP, OpenAI and
 * Anthropic: no `$schema` key, `method` as an enum, no empty `{}` branches
 * (zod's `undefined`), no redundant `propertyNames`, `paginate` as a boolean
 * or its object form. Nothing is listed as required: `method` and
 * `path` are, unless `resultRef` is given, which their descriptions say. Kept
 * short: the same schema is listed for every source. A fresh object each call.
 */
export function createToolInputJsonSchema(): JsonSchemaObject {
  // Generating it costs about 0.1 ms; a listing of thousands of tools copies the one generated text instead.
  generatedText ??= JSON.stringify(generateToolInputJsonSchema());
  return JSON.parse(generatedText) as JsonSchemaObject;
}

let generatedText: string | undefined;

/**
 * The same schema as one deeply frozen object shared by every caller: what
 * each tool of `createApiTool` carries. A listing of thousands of tools then
 * holds (and a server freezes) one schema instead of thousands of copies.
 * Copy it (`structuredClone`) to change it.
 */
export function sharedToolInputJsonSchema(): JsonSchemaObject {
  shared ??= freezeDeeply(createToolInputJsonSchema());
  return shared;
}

let shared: JsonSchemaObject | undefined;

function freezeDeeply<TValue>(value: TValue): TValue {
  if (typeof value !== "object" || value === null) return value;
  for (const child of Object.values(value)) freezeDeeply(child);
  return Object.freeze(value);
}

function generateToolInputJsonSchema(): JsonSchemaObject {
  const generated = z.toJSONSchema(apiToolInputSchema, {
    io: "input",
    target: "draft-7",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  const { $schema: _schema, required: _required, ...schema } = clean(generated) as Record<string, unknown>;
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  properties.method = { type: "string", enum: [...HTTP_METHODS], description: properties.method?.description };
  // `paginate`: true, false, or its object form; the object's `additionalProperties` left out for size (checked on each call).
  const paginate = properties.paginate?.anyOf as Record<string, unknown>[] | undefined;
  if (paginate !== undefined)
    properties.paginate = {
      anyOf: paginate.map(({ additionalProperties: _additional, ...branch }) => branch),
      description: properties.paginate?.description,
    };
  // Every source lists this schema: only the types, and a few words where a name does not say enough.
  // What each argument does is said once, in `apiToolInstructions` (the MCP server's instructions).
  properties.query = { type: "object" };
  for (const [name, property] of Object.entries(properties))
    properties[name] = withoutBounds(keptDescriptions.has(name) ? property : withoutDescription(property));
  return schema as JsonSchemaObject;
}

/** The arguments whose description stays in the schema; the others are described in the instructions. `body` only (an empty schema confuses some clients); the tool's description says the essentials. */
const keptDescriptions = new Set(["body"]);

function withoutDescription(node: Record<string, unknown>): Record<string, unknown> {
  const { description: _description, ...rest } = node;
  return rest;
}

/** The schema without `minimum`, `maximum` and `maxLength` (checked on each call all the same), `anyOf` branches too. */
function withoutBounds(node: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "minimum" || key === "maximum" || key === "maxLength") continue;
    result[key] = Array.isArray(value) ? value.map(boundsLeftOut) : boundsLeftOut(value);
  }
  return result;
}

function boundsLeftOut(value: unknown): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? withoutBounds(value as Record<string, unknown>)
    : value;
}

function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (typeof node !== "object" || node === null) return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === "propertyNames" && isPlainStringSchema(value)) continue;
    if (key === "anyOf" && Array.isArray(value)) {
      const branches = value.filter((branch) => !isEmptySchema(branch)).map(clean);
      if (branches.length === 1) Object.assign(result, branches[0]);
      else result.anyOf = branches;
      continue;
    }
    result[key] = clean(value);
  }
  return result;
}

function isEmptySchema(value: unknown): boolean {
  return typeof value === "object" && value !== null && Object.keys(value).length === 0;
}

function isPlainStringSchema(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).length === 1 &&
    (value as { type?: unknown }).type === "string"
  );
}
