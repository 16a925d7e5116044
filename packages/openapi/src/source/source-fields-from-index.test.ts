import { beforeAll, describe, expect, it } from "vitest";
import {
  copyDocument,
  githubDocumentFile,
  petstoreSwaggerFile,
  rulesDocument,
  writeDocument,
} from "../../test/documents";
import type { OperationIndex } from "../index/operation-index";
import { readOperationIndex } from "../index/read-operation-index";
import { sourceFieldsFromIndex } from "./source-fields-from-index";

let github: OperationIndex;
beforeAll(async () => {
  github = await readOperationIndex({ documentFile: await copyDocument(githubDocumentFile) });
}, 120_000);

const document = (overrides: Record<string, unknown>): Record<string, unknown> => ({ ...rulesDocument, ...overrides });
const fieldsOf = async (value: unknown, documentUrl?: string) =>
  sourceFieldsFromIndex(await readOperationIndex({ documentFile: await writeDocument(value) }), { documentUrl });

describe("source fields from a document", () => {
  it("takes name, base URL (server variables filled), the schemes with the most required first, and a current-user test endpoint", async () => {
    const fields = await fieldsOf(rulesDocument);
    expect({ ...fields, securitySchemes: fields.securitySchemes.map((entry) => entry.name) }).toEqual({
      name: "Rules API",
      baseUrl: "https://api.example.com/v1",
      securitySchemes: ["token", "key"],
      testEndpoint: "/me",
      testEndpointReason: expect.stringContaining("GET /me"),
    });
    expect(fields.securitySchemes[0]?.scheme).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("makes an OAuth 2.0 flow's relative endpoints absolute against the base URL, and keeps its scope names", async () => {
    const oauth = {
      type: "oauth2",
      flows: {
        authorizationCode: {
          authorizationUrl: "https://login.example.com/authorize",
          tokenUrl: "https://login.example.com/token",
          scopes: { "read:all": "read" },
        },
        clientCredentials: {
          tokenUrl: "/oauth/token",
          scopes: { "read:items": "read items", "write:items": "write items" },
        },
      },
    };
    const fields = await fieldsOf(
      document({
        components: { ...rulesDocument.components, securitySchemes: { oauth } },
        security: [{ oauth: ["read:items"] }],
        paths: { "/me": rulesDocument.paths["/me"] },
      }),
    );
    expect(fields.securitySchemes).toEqual([
      {
        name: "oauth",
        scheme: {
          type: "oauth2",
          flows: {
            clientCredentials: {
              tokenUrl: "https://api.example.com/oauth/token",
              scopes: ["read:items", "write:items"],
            },
            authorizationCode: {
              authorizationUrl: "https://login.example.com/authorize",
              tokenUrl: "https://login.example.com/token",
              scopes: ["read:all"],
            },
          },
        },
      },
    ]);
  });

  it("resolves a relative server URL against the document's URL", async () => {
    const fields = await fieldsOf(
      document({ servers: [{ url: "/api/v2" }] }),
      "http://127.0.0.1:9999/docs/openapi.json",
    );
    expect(fields.baseUrl).toBe("http://127.0.0.1:9999/api/v2");
    expect((await fieldsOf(document({ servers: [{ url: "/api/v2" }] }))).baseUrl).toBeUndefined();
  });

  it("finds no test endpoint when every GET needs a parameter or none needs authentication", async () => {
    const paths = {
      "/items/{id}": {
        get: {
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "ok" } },
        },
      },
      "/open": { get: { security: [], responses: { "200": { description: "ok" } } } },
    };
    expect((await fieldsOf(document({ paths }))).testEndpoint).toBeUndefined();
  });

  it("reads GitHub's document: api.github.com, /user, because it identifies the caller", () => {
    expect(sourceFieldsFromIndex(github)).toMatchObject({
      baseUrl: "https://api.github.com",
      testEndpoint: "/user",
      testEndpointReason: "GET /user (users/get-authenticated): it identifies the caller, with no required parameter",
    });
  });

  const get = (operationId: string, parameters: unknown[] = []) => ({
    get: { operationId, parameters, responses: { "200": { description: "ok" } } },
  });
  it.each([
    {
      why: "Slack's auth.test over a list",
      paths: {
        "/conversations.list": get("conversations_list", [{ name: "limit", in: "query", schema: { type: "integer" } }]),
        "/auth.test": get("auth_test"),
      },
      chosen: "/auth.test",
      reason: "identifies the caller",
    },
    {
      why: "a models list over a health check",
      paths: { "/health": get("health"), "/models": get("listModels") },
      chosen: "/models",
      reason: "lists a small collection",
    },
    {
      why: "a paged list over an admin operation with a shorter path",
      paths: {
        "/admin/stats": get("adminStats"),
        "/projects": get("listProjects", [{ name: "per_page", in: "query", schema: { type: "integer" } }]),
      },
      chosen: "/projects",
      reason: "lists a collection",
    },
    {
      why: "never an organization or enterprise operation while another GET exists",
      paths: {
        "/orgs": get("orgs/list"),
        "/enterprise/settings": get("enterprise-settings"),
        "/widgets/recent": get("recentWidgets"),
      },
      chosen: "/widgets/recent",
      reason: "shortest GET",
    },
  ])("prefers $why, and says why", async ({ paths, chosen, reason }) => {
    const fields = await fieldsOf(document({ paths }));
    expect(fields.testEndpoint).toBe(chosen);
    expect(fields.testEndpointReason).toContain(reason);
  });

  it("reads the Swagger 2.0 petstore: its host and base path, the api_key header", async () => {
    const fields = sourceFieldsFromIndex(
      await readOperationIndex({ documentFile: await copyDocument(petstoreSwaggerFile) }),
    );
    expect(fields.name).toBe("Swagger Petstore");
    expect(fields.baseUrl).toMatch(/^https?:\/\/petstore\.swagger\.io\/v2$/);
    expect(fields.securitySchemes.map((entry) => entry.scheme.type).sort()).toEqual(["apiKey", "oauth2"]);
  });
});
