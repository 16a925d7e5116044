import { describe, expect, it } from "vitest";
import { HTTP_METHODS } from "../request/tool-call";
import { createToolInputJsonSchema, sharedToolInputJsonSchema } from "./tool-input-json-schema";

/** Every `type` keyword in the schema tree must name a JSON Schema type (structural validity check). */
const jsonSchemaTypes = new Set(["object", "array", "string", "number", "integer", "boolean", "null"]);

function collectProblems(node: unknown, path: string, problems: string[]): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => collectProblems(item, `${path}[${index}]`, problems));
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const record = node as Record<string, unknown>;
  if ("type" in record) {
    const types = Array.isArray(record.type) ? record.type : [record.type];
    for (const type of types) if (!jsonSchemaTypes.has(type as string)) problems.push(`${path}.type: ${String(type)}`);
  }
  if ("anyOf" in record && (!Array.isArray(record.anyOf) || record.anyOf.length < 2))
    problems.push(`${path}.anyOf needs 2+ branches`);
  if ("required" in record && !Array.isArray(record.required)) problems.push(`${path}.required must be an array`);
  for (const [key, value] of Object.entries(record)) {
    if (key === "$schema" || key === "$ref" || key === "$defs" || key === "definitions")
      problems.push(`${path}.${key} is not wanted`);
    if (key === "properties") {
      for (const [name, property] of Object.entries(value as Record<string, unknown>))
        collectProblems(property, `${path}.properties.${name}`, problems);
    } else if (typeof value === "object") collectProblems(value, `${path}.${key}`, problems);
  }
}

describe("createToolInputJsonSchema", () => {
  const schema = createToolInputJsonSchema();

  it("is an object schema of the request's arguments and those that shape the result, none required (method and path are, unless resultRef is given)", () => {
    expect(schema.type).toBe("object");
    expect(schema.required).toBeUndefined();
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties).sort()).toEqual([
      "_contentType",
      "_rawBody",
      "body",
      "method",
      "offset",
      "paginate",
      "path",
      "query",
      "resultRef",
      "select",
    ]);
    // true (the defaults) and false (no pagination) are listed too: a client that checks the agent's arguments against
    // the schema would refuse the shorthand an agent naturally sends.
    expect(schema.properties.paginate).toEqual({
      anyOf: [
        { type: "boolean" },
        { type: "object", properties: { maxPages: { type: "integer" }, maxItems: { type: "integer" } } },
      ],
    });
  });

  it("stays under 550 bytes, since every source lists it (what the arguments do is said once, in apiToolInstructions)", () => {
    expect(Buffer.byteLength(JSON.stringify(schema))).toBeLessThan(550);
  });

  it("shows method as an enum of the allowed methods", () => {
    expect(schema.properties.method).toMatchObject({ type: "string", enum: [...HTTP_METHODS] });
  });

  it("has no $schema, $ref, empty anyOf branch or unknown type anywhere", () => {
    const problems: string[] = [];
    collectProblems(schema, "schema", problems);
    expect(problems).toEqual([]);
    expect(JSON.stringify(schema)).not.toContain("{}");
  });

  it("survives a JSON round trip unchanged and stays small", () => {
    const text = JSON.stringify(schema);
    expect(JSON.parse(text)).toEqual(schema);
    expect(text.length).toBeLessThan(2048);
  });

  it("gives a fresh object each time, so one caller's change does not leak into another tool", () => {
    const first = createToolInputJsonSchema();
    first.properties.path = "changed";
    expect(createToolInputJsonSchema().properties.path).not.toBe("changed");
  });
});

describe("sharedToolInputJsonSchema", () => {
  it("is the same schema, one object for every caller, frozen all the way down so no caller can change it for the others", () => {
    const shared = sharedToolInputJsonSchema();
    expect(shared).toEqual(createToolInputJsonSchema());
    expect(sharedToolInputJsonSchema()).toBe(shared);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(Object.isFrozen(shared.properties)).toBe(true);
    expect(Object.isFrozen((shared.properties.method as { enum: string[] }).enum)).toBe(true);
    expect(() => {
      shared.properties.path = "changed";
    }).toThrow(TypeError);
    expect(structuredClone(shared)).toEqual(shared);
  });
});
