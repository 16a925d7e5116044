import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { petstoreSwaggerFile, rulesDocument } from "../../test/documents";
import { OPENAPI_ERROR_CODES, OpenApiError } from "../errors/openapi-error";
import { firstSyntaxErrorOffset, jsonSyntaxProblem } from "./json-syntax-problem";
import { loadOpenApiDocument } from "./load-openapi-document";

async function failureOf(text: string): Promise<OpenApiError> {
  const error = await loadOpenApiDocument(text, { name: "doc.yaml" }).catch((caught: unknown) => caught);
  if (!OpenApiError.isInstance(error)) throw new Error(`expected an OpenApiError, got ${String(error)}`);
  return error;
}

describe("loadOpenApiDocument", () => {
  it("reads a 3.0 document and upgrades it to 3.1", async () => {
    const { document, writtenIn } = await loadOpenApiDocument(JSON.stringify(rulesDocument));
    expect(writtenIn).toBe("3.0");
    expect(document.openapi).toMatch(/^3\.1/);
  });

  it("converts the Swagger 2.0 petstore (shipped by @readme/oas-examples) to 3.1 with servers and request bodies", async () => {
    const { document, writtenIn } = await loadOpenApiDocument(await readFile(petstoreSwaggerFile, "utf8"));
    expect(writtenIn).toBe("2.0");
    expect(document.openapi).toMatch(/^3\.1/);
    expect(JSON.stringify(document.servers)).toContain("petstore.swagger.io/v2");
    const addPet = (document.paths as Record<string, Record<string, { requestBody?: unknown }>>)["/pet"]?.post;
    expect(addPet?.requestBody).toBeDefined();
  });

  it("reads YAML", async () => {
    const yaml =
      "openapi: 3.1.0\ninfo:\n  title: Tiny\n  version: '1'\npaths:\n  /ping:\n    get:\n      responses:\n        '200':\n          description: ok\n";
    const { document } = await loadOpenApiDocument(yaml);
    expect((document.info as { title: string }).title).toBe("Tiny");
  });

  it.each([
    {
      why: "a YAML syntax error names line and column",
      text: "openapi: 3.0.0\ninfo:\n  title: x\npaths:\n  /a:\n    get:\n      responses: [\n",
      location: /line \d+, column \d+/,
    },
    {
      why: "a parameter without `in` names its JSON pointer",
      text: JSON.stringify({
        openapi: "3.0.0",
        info: { title: "x", version: "1" },
        paths: { "/a": { get: { parameters: [{ name: "q" }], responses: { "200": { description: "ok" } } } } },
      }),
      location: /^\/paths\/~1a\/get\/parameters\/0$/,
    },
    {
      why: "an unresolvable $ref is reported",
      text: JSON.stringify({
        openapi: "3.0.0",
        info: { title: "x", version: "1" },
        paths: { "/a": { get: { responses: { "200": { $ref: "#/components/responses/nope" } } } } },
      }),
      message: /nope/,
    },
    {
      why: "a document of no OpenAPI version",
      text: JSON.stringify({ info: { title: "x" } }),
      location: /^\/openapi$/,
    },
    { why: "not an object", text: "[1, 2]", message: /not a JSON or YAML object/ },
    { why: "a YAML scalar is not an object", text: "just words", message: /not a JSON or YAML object/ },
  ])("refuses an invalid document: $why", async ({ text, location, message }) => {
    const error = await failureOf(text);
    expect(error.code).toBe(OPENAPI_ERROR_CODES.INVALID_DOCUMENT);
    expect(error.message).toContain("doc.yaml is not a valid OpenAPI document");
    expect(error.message).toContain("remove api.openapi");
    const first = error.problems[0];
    if (location !== undefined) expect(first?.location).toMatch(location);
    if (message !== undefined) expect(`${first?.location} ${first?.message}`).toMatch(message);
  });

  it.each([
    {
      why: "a trailing comma",
      text: '{"openapi":"3.0.0",\n "info": {"title":"x",}\n, "paths": {}}',
      location: "line 2, column 23",
      message: "Expected double-quoted property name",
    },
    {
      why: "a missing closing brace (the position is the end of the text)",
      text: '{"openapi":"3.0.0",\n "info": {"title":"x", "version":"1"},\n "paths": {}',
      location: "line 3, column 13",
      message: "Expected ',' or '}' after property value",
    },
    {
      // Node's message for this one gives no position: it is where jsonc-parser finds the word.
      why: "a word that is not a JSON value",
      text: '{\n  "openapi": "3.0.0",\n  "info": nope\n}',
      location: "line 3, column 11",
      message: "Unexpected token 'o'",
    },
    {
      why: "CRLF line ends and a leading BOM",
      text: '\uFEFF{\r\n  "openapi": "3.0.0",\r\n  "info": {}}}',
      location: "line 3, column 14",
      message: "Unexpected non-whitespace character after JSON",
    },
    { why: "a document cut short", text: "  [", location: "line 1, column 4", message: "Unexpected end of JSON input" },
  ])(
    "refuses JSON that does not parse with the parser's reason, line and column: $why",
    async ({ text, location, message }) => {
      const error = await failureOf(text);
      expect(error.code).toBe(OPENAPI_ERROR_CODES.INVALID_DOCUMENT);
      expect(error.problems).toEqual([{ location, message }]);
      expect(error.message).toBe(
        `doc.yaml is not a valid OpenAPI document at ${location}: ${message}; fix the document, or remove api.openapi to use the source without one`,
      );
      expect(error.cause).toBeInstanceOf(SyntaxError);
    },
  );
});

describe("jsonSyntaxProblem", () => {
  it("reads the position of Node 22's message form (with line and column) as of Node 20's", () => {
    const text = '{"openapi":"3.0.0",\n "info": {"title":"x",}\n}';
    const node22 = new SyntaxError("Expected double-quoted property name in JSON at position 42 (line 2 column 23)");
    expect(jsonSyntaxProblem(text, node22)).toEqual({
      location: "line 2, column 23",
      message: "Expected double-quoted property name",
    });
  });

  // Where the scan stops, for texts whose JSON.parse message may give no position: the bad token's first character.
  it.each([
    ['{"a": tru}', 6],
    ['{"a":1} x', 8],
    ["[1,]", 3],
    ['{"a" 1}', 5],
    ['{"a":1 "b":2}', 7],
    ["{'a':1}", 1],
    ['{"a":[1,2,,]}', 10],
    ['{"a":truex}', 5],
    ['{"a":{"b":[{"c":NaN}]}}', 16],
    ['{"a":1} // a comment', 8],
    ["[", 1],
  ])("finds where %j stops being JSON: at %i", (text, offset) => {
    expect(() => JSON.parse(text) as unknown).toThrow(SyntaxError);
    expect(firstSyntaxErrorOffset(text)).toBe(offset);
  });

  it("finds nothing wrong with JSON", () => {
    expect(
      firstSyntaxErrorOffset(JSON.stringify({ a: [1, -2.5e3, "x\u00e9\n", true, false, null, {}] })),
    ).toBeUndefined();
  });
});
