import { z } from "zod";
import { HTTP_METHODS, toolCallSchema } from "../request/tool-call";

/** A JSON Schema object, as agent APIs take it. */
export type JsonSchemaObject = { type: "object"; properties: Record<string, unknown>; required?: string[] } & Record<string, unknown>;

/**
 * The tool's input as a JSON Schema (draft-07 subset), generated from
 * `toolCallSchema` (its input side) and cleaned up for MCP, OpenAI and
 * Anthropic: no `$schema` key, `method` as an enum, no empty `{}` branches
 * (zod's `undefined`), no redundant `propertyNames`. A fresh object each call.
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
  const generated = z.toJSONSchema(toolCallSchema, { io: "input", target: "draft-7", unrepresentable: "any" }) as Record<string, unknown>;
  const { $schema: _schema, ...schema } = clean(generated) as Record<string, unknown>;
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  properties.method = { type: "string", enum: [...HTTP_METHODS], description: properties.method?.description };
  return schema as JsonSchemaObject;
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
  return typeof value === "object" && value !== null && Object.keys(value).length === 1 && (value as { type?: unknown }).type === "string";
}
