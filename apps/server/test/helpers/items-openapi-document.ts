/** An OpenAPI document of the test upstream's API (`startUpstream`): `getMe` (tag users) and `listItems` (tag items). */
export const itemsOpenApiDocument = {
  openapi: "3.0.3",
  info: { title: "Items API", version: "3.0.1" },
  paths: {
    "/me": {
      get: {
        operationId: "getMe",
        summary: "The current user",
        tags: ["users"],
        responses: { "200": { description: "ok" } },
      },
    },
    "/items": {
      get: {
        operationId: "listItems",
        summary: "List items",
        tags: ["items"],
        parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
        responses: { "200": { description: "ok" } },
      },
    },
  },
};
