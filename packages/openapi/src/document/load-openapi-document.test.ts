import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { petstoreSwaggerFile, rulesDocument } from "../../test/documents";
import { OPENAPI_ERROR_CODES, OpenApiError } from "../errors/openapi-error";
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
  ])("refuses an invalid document: $why", async ({ text, location, message }) => {
    const error = await failureOf(text);
    expect(error.code).toBe(OPENAPI_ERROR_CODES.INVALID_DOCUMENT);
    expect(error.message).toContain("doc.yaml is not a valid OpenAPI document");
    expect(error.message).toContain("remove api.openapi");
    const first = error.problems[0];
    if (location !== undefined) expect(first?.location).toMatch(location);
    if (message !== undefined) expect(`${first?.location} ${first?.message}`).toMatch(message);
  });
});
