import { createRoute, z } from "@hono/zod-openapi";
import { operationsToolName } from "@src/http-tool/internal";
import type { RouteContext } from "../app-context";
import { errorBodySchema, errorResponses, jsonResponse } from "../api-schemas";
import { slugParamSchema } from "./source-routes";

const operationMatchSchema = z
  .object({
    operationId: z.string(),
    method: z.string(),
    path: z.string(),
    summary: z.string(),
    required: z.array(z.string()),
  })
  .openapi("OperationMatch");

const operationsRoute = createRoute({
  method: "get",
  path: "/v1/sources/{slug}/operations",
  tags: ["sources"],
  summary:
    "Search the operations of the source's OpenAPI document, or get one in full: what the api_<slug>_operations tool answers.",
  request: {
    params: slugParamSchema,
    query: z.object({
      q: z.string().max(500).optional().openapi({ description: 'Plain words, e.g. "create an issue".' }),
      tag: z.string().max(200).optional().openapi({ description: "Only operations with this tag." }),
      id: z.string().max(500).optional().openapi({
        description:
          "An operationId: that operation in full (parameters, bounded body schema, response, example call).",
      }),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(25)
        .optional()
        .openapi({ description: "Most matches. Default 8, at most 25." }),
      offset: z.coerce
        .number()
        .int()
        .min(0)
        .optional()
        .openapi({ description: "Matches to skip, to page through them (the answer's note names the next offset)." }),
    }),
  },
  responses: {
    200: jsonResponse(
      z.union([
        z.object({ total: z.number(), operations: z.array(operationMatchSchema), note: z.string().optional() }),
        z.record(z.string(), z.unknown()),
      ]),
      "With q and/or tag: `{ total, operations, note? }` (under 4 KB); with neither, every operation, a page at a time (`note` names the next offset); with id: the operation (under 16 KB).",
    ),
    ...errorResponses(401, 403, 422),
    404: jsonResponse(
      errorBodySchema,
      "No such source, no loaded OpenAPI document (UNKNOWN_TOOL), or no such operationId (UNKNOWN_OPERATION).",
    ),
  },
});

export function registerOperationsRoutes({ app, service }: RouteContext): void {
  app.openapi(operationsRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { q, tag, id, limit, offset } = c.req.valid("query");
    await service.getSource(slug);
    // The tool's own input: without q, tag or id it lists every operation, a page at a time, as the tool does.
    const input = {
      ...(q === undefined ? {} : { query: q }),
      ...(tag === undefined ? {} : { tag }),
      ...(id === undefined ? {} : { operationId: id }),
      ...(limit === undefined ? {} : { limit }),
      ...(offset === undefined ? {} : { offset }),
    };
    const result = await service.callTool(operationsToolName(slug), input);
    if (result.ok && result.body.kind === "json") return c.json(result.body.value as Record<string, unknown>, 200);
    const message = result.error?.message ?? "no answer";
    if (id !== undefined) return c.json({ error: { code: "UNKNOWN_OPERATION", message } }, 404);
    return c.json({ error: { code: result.error?.code ?? "INVALID_INPUT", message } }, 422);
  });
}
