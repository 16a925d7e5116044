import { createRoute, z } from "@hono/zod-openapi";
import type { RouteContext } from "../app-context";
import {
  errorResponses,
  jsonObjectSchema,
  jsonRequestBody,
  jsonResponse,
  sourceOperationResultSchema,
} from "../api-schemas";
import { slugParamSchema } from "./source-routes";

const credentialRoute = createRoute({
  method: "put",
  path: "/v1/sources/{slug}/credential",
  tags: ["sources"],
  summary: "Store or replace the credential, then test the source. No route ever returns a credential.",
  request: {
    params: slugParamSchema,
    body: jsonRequestBody(
      jsonObjectSchema,
      'The credential for the source\'s auth type: bearer {"token"}, header and query {"key"}, basic {"username","password"}.',
    ),
  },
  responses: {
    200: jsonResponse(sourceOperationResultSchema, "Stored; `validation` is the test outcome."),
    ...errorResponses(400, 401, 404, 413, 422),
  },
});

const deleteCredentialRoute = createRoute({
  method: "delete",
  path: "/v1/sources/{slug}/credential",
  tags: ["sources"],
  summary:
    "Delete the stored credential; the source stays (its calls answer NO_CREDENTIAL). `deleted` is false when none was stored.",
  request: { params: slugParamSchema },
  responses: {
    200: jsonResponse(z.object({ slug: z.string(), deleted: z.boolean() }), "Deleted, or there was none."),
    ...errorResponses(401, 404, 422),
  },
});

const reloadRoute = createRoute({
  method: "post",
  path: "/v1/sources/{slug}/reload",
  tags: ["sources"],
  summary: "Re-read config.json, re-check it and re-test the source (the operator command `/source reload {slug}`).",
  request: { params: slugParamSchema },
  responses: {
    200: jsonResponse(sourceOperationResultSchema, "The record with its new status, and the test outcome."),
    ...errorResponses(401, 404, 422),
  },
});

export function registerSourceActionRoutes({ app, service }: RouteContext): void {
  app.openapi(credentialRoute, async (c) =>
    c.json(await service.setCredential(c.req.valid("param").slug, c.req.valid("json")), 200),
  );
  app.openapi(deleteCredentialRoute, async (c) => {
    const { slug } = c.req.valid("param");
    return c.json({ slug, deleted: await service.deleteCredential(slug) }, 200);
  });
  app.openapi(reloadRoute, async (c) => c.json(await service.reloadSource(c.req.valid("param").slug), 200));
}
