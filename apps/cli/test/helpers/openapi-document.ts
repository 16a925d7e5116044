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
