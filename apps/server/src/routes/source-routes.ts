import { createRoute, z } from "@hono/zod-openapi";
import type { SourceRecord } from "@src/config";
import type { RouteContext } from "../app-context";
import type { AuthRegistry } from "@src/auth";
import {
  errorResponses,
  jsonObjectSchema,
  jsonRequestBody,
  jsonResponse,
  sourceOperationResultSchema,
  sourceRecordSchema,
  sourceSummarySchema,
} from "../api-schemas";
import { apiSchemasOf, credentialSchemasOf } from "./auth-mode-schemas";

/** The `{slug}` path parameter, checked like `config.json`'s slug so no path can escape the sources directory. */
export const slugParamSchema = z.object({
  slug: z
    .string()
    .max(63)
    .regex(/^[a-z0-9][a-z0-9-]*$/, { error: "must be a source slug: lower-case letters, digits and '-'" })
    .openapi({ param: { name: "slug", in: "path" }, example: "github" }),
});

const listRoute = createRoute({
  method: "get",
  path: "/v1/sources",
  tags: ["sources"],
  summary: "Every source: the record (no secret), its status and whether a credential is stored.",
  responses: {
    200: jsonResponse(z.object({ sources: z.array(sourceSummarySchema) }), "The sources, by slug."),
    ...errorResponses(401),
  },
});

/** `POST /v1/sources`, documented with every registered auth mode's `api` and credential fields (built from their declarations). */
function createSourceRouteFor(registry: AuthRegistry) {
  return createRoute({
    method: "post",
    path: "/v1/sources",
    tags: ["sources"],
    summary: "Create a source, store its credential and test it right away.",
    request: {
      body: jsonRequestBody(
        z.strictObject({
          config: jsonObjectSchema.openapi({
            description:
              "The operator fields of config.json: type, name, slug?, enabled?, api. `api` has the fields of its auth mode (`api.authType`), listed per mode below.",
            properties: {
              type: { type: "string", description: 'Always "api".' },
              name: { type: "string" },
              slug: { type: "string" },
              enabled: { type: "boolean" },
              api: { oneOf: apiSchemasOf(registry) },
            },
          }),
          credential: jsonObjectSchema.optional().openapi({
            description:
              "The credential of the source's auth mode, with the fields it declares (secret ones are write-only, never returned); one schema per mode below.",
            oneOf: credentialSchemasOf(registry),
          }),
          openapiDocument: z
            .strictObject({
              name: z
                .enum(["openapi.json", "openapi.yaml", "openapi.yml"])
                .openapi({ description: "Its file name in the source's folder (JSON or YAML)." }),
              text: z.string().min(1, { error: "must not be empty" }),
            })
            .optional()
            .openapi({
              description:
                "The source's OpenAPI document, uploaded (`src source add --openapi FILE --server URL`); `config.api.openapi` is set to its name. For a document at a URL, set `config.api.openapi` to the URL instead: the server fetches it. It counts toward the body size limit.",
            }),
        }),
        "The record and its credential.",
      ),
    },
    responses: {
      201: jsonResponse(sourceOperationResultSchema, "Created; `validation` tells whether the test call succeeded."),
      ...errorResponses(400, 401, 409, 413, 422),
    },
  });
}

const getRoute = createRoute({
  method: "get",
  path: "/v1/sources/{slug}",
  tags: ["sources"],
  summary: "One source.",
  request: { params: slugParamSchema },
  responses: {
    200: jsonResponse(z.object({ source: sourceRecordSchema, hasCredential: z.boolean() }), "The record."),
    ...errorResponses(401, 404, 422),
  },
});

const patchRoute = createRoute({
  method: "patch",
  path: "/v1/sources/{slug}",
  tags: ["sources"],
  summary: "Partial update of the writable fields (name, enabled, api.*); the whole record is re-checked.",
  request: {
    params: slugParamSchema,
    body: jsonRequestBody(
      jsonObjectSchema,
      'The fields to change, e.g. {"enabled": false} or {"api": {"testEndpoint": "/me"}}.',
    ),
  },
  responses: {
    200: jsonResponse(z.object({ source: sourceRecordSchema }), "The updated record."),
    ...errorResponses(400, 401, 404, 413, 422),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/v1/sources/{slug}",
  tags: ["sources"],
  summary: "Remove the source: its config.json and its stored credential.",
  request: { params: slugParamSchema },
  responses: {
    200: jsonResponse(z.object({ slug: z.string(), deleted: z.literal(true) }), "Removed."),
    ...errorResponses(401, 404, 422),
  },
});

export function registerSourceRoutes({ app, service }: RouteContext): void {
  app.openapi(listRoute, async (c) => c.json({ sources: await service.listSources() }, 200));

  app.openapi(createSourceRouteFor(service.registry), async (c) => {
    const { config, credential, openapiDocument } = c.req.valid("json");
    const result = await service.addSource({ input: config, credential, openapiDocument });
    return c.json(result, 201);
  });

  app.openapi(getRoute, async (c) => c.json(await service.getSource(c.req.valid("param").slug), 200));

  app.openapi(patchRoute, async (c) => {
    const source: SourceRecord = await service.updateSource(c.req.valid("param").slug, c.req.valid("json"));
    return c.json({ source }, 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { slug } = c.req.valid("param");
    await service.removeSource(slug);
    return c.json({ slug, deleted: true as const }, 200);
  });
}
