import { copyFile, mkdtemp, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(import.meta.url);

/** GitHub's REST API document as `@octokit/openapi` ships it (about 13 MB, 1,200 operations). */
export const githubDocumentFile = require.resolve("@octokit/openapi/generated/api.github.com.json");
/** The Swagger 2.0 petstore as `@readme/oas-examples` ships it. */
export const petstoreSwaggerFile = require.resolve("@readme/oas-examples/2.0/json/petstore.json");

/** A fresh temporary directory. */
export const temporaryDirectory = (): Promise<string> => mkdtemp(join(tmpdir(), "src-openapi-"));

/** Copies a shipped document into a fresh temporary directory (the index is cached next to it). */
export async function copyDocument(file: string, name = "openapi.json"): Promise<string> {
  const target = join(await temporaryDirectory(), name);
  await copyFile(file, target);
  return target;
}

/** Writes a hand-written document (an object as JSON, a string as it is) into a fresh temporary directory. */
export async function writeDocument(document: unknown, name = "openapi.json"): Promise<string> {
  const target = join(await temporaryDirectory(), name);
  await writeFile(target, typeof document === "string" ? document : JSON.stringify(document));
  return target;
}

/**
 * A hand-written OpenAPI 3.0.3 document titled `title`, version 1, with `fields` (its `paths`, `servers` or
 * `components`; `openapi` to write another version).
 */
export function documentOf(title: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { openapi: "3.0.3", info: { title, version: "1" }, ...fields };
}

/** A small 3.0 document with one operation of each kind the checker has a rule for. */
export const rulesDocument = {
  openapi: "3.0.3",
  info: { title: "Rules API", version: "1.2.3" },
  servers: [{ url: "https://api.example.com/{version}", variables: { version: { default: "v1" } } }],
  components: {
    securitySchemes: {
      token: { type: "http", scheme: "bearer" },
      key: { type: "apiKey", in: "header", name: "X-Key" },
    },
    parameters: { limit: { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } } },
    schemas: {
      NewItem: {
        type: "object",
        required: ["name", "kind"],
        additionalProperties: false,
        properties: {
          name: { type: "string" },
          kind: { type: "string", enum: ["book", "disc"] },
          tags: { type: "array", items: { type: "string" } },
          note: { type: "string", nullable: true },
        },
      },
      Node: {
        type: "object",
        properties: {
          name: { type: "string" },
          children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
        },
      },
    },
  },
  security: [{ token: [] }],
  paths: {
    "/me": { get: { operationId: "getMe", summary: "The current user", responses: { "200": { description: "ok" } } } },
    "/health": {
      get: { operationId: "health", summary: "Health", security: [], responses: { "200": { description: "ok" } } },
    },
    "/items": {
      get: {
        operationId: "listItems",
        summary: "List items",
        tags: ["items"],
        parameters: [
          { $ref: "#/components/parameters/limit" },
          { name: "state", in: "query", schema: { type: "string", enum: ["open", "closed"] } },
        ],
        responses: {
          "200": {
            description: "the items",
            content: {
              "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/NewItem" } } },
            },
          },
        },
      },
      post: {
        operationId: "createItem",
        summary: "Create an item",
        tags: ["items"],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/NewItem" } } },
        },
        responses: { "201": { description: "created" } },
      },
    },
    "/items/{itemId}": {
      parameters: [{ name: "itemId", in: "path", required: true, schema: { type: "integer" } }],
      get: {
        operationId: "getItem",
        summary: "Get an item",
        tags: ["items"],
        responses: { "200": { description: "the item" } },
      },
      delete: {
        operationId: "deleteItem",
        summary: "Delete an item",
        tags: ["items"],
        security: [{ key: [] }],
        responses: { "204": { description: "gone" } },
      },
    },
    "/items/search": {
      get: {
        operationId: "searchItems",
        summary: "Search items",
        parameters: [{ name: "q", in: "query", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "found" } },
      },
    },
    "/reports": {
      get: {
        operationId: "getReport",
        summary: "A report",
        parameters: [{ name: "X-Tenant", in: "header", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "report" } },
      },
    },
    "/trees": {
      post: {
        operationId: "createTree",
        summary: "Create a tree",
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } } },
        responses: { "201": { description: "created" } },
      },
    },
  },
};
