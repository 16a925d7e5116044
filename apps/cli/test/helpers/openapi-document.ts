/** What an OpenAPI test document says: the rest (version 3.1.0, each operation a GET answering 200) is the same. */
export interface OpenApiDocumentFields {
  title: string;
  version: string;
  serverUrl: string;
  /** The scheme "oauth" (OAuth 2.0) with these flows, required with the scope read:items. */
  oauth2Flows: Record<string, unknown>;
  /** The operationId of each path's GET. */
  gets: Record<string, string>;
}

/** An OpenAPI 3.1 document of an API secured by OAuth 2.0, as JSON text. */
export function oauth2OpenApiDocument({ title, version, serverUrl, oauth2Flows, gets }: OpenApiDocumentFields): string {
  const paths = Object.fromEntries(
    Object.entries(gets).map(([path, operationId]) => [
      path,
      { get: { operationId, responses: { "200": { description: "ok" } } } },
    ]),
  );
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title, version },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { oauth: { type: "oauth2", flows: oauth2Flows } } },
    security: [{ oauth: ["read:items"] }],
    paths,
  });
}

/**
 * An OpenAPI 3.0 document of an items API behind a bearer token, as an object: `GET /me` (getMe) and `POST /items`
 * (createItem), whose JSON body requires a string `name`, so `{}` breaks it. `title` names it (and so the source's slug).
 */
export function bearerItemsDocument(serverUrl: string, title = "Items API"): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    info: { title, version: "1.0.0" },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { token: { type: "http", scheme: "bearer" } } },
    security: [{ token: [] }],
    paths: {
      "/me": { get: { operationId: "getMe", responses: { "200": { description: "ok" } } } },
      "/items": {
        post: {
          operationId: "createItem",
          summary: "Create an item",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
              },
            },
          },
          responses: { "201": { description: "created" } },
        },
      },
    },
  };
}
