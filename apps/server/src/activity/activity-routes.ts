import { createRoute, z } from "@hono/zod-openapi";
import type { ServerHono } from "../app-context";
import { errorResponses } from "../api-schemas";
import type { ActivityLog } from "./activity-log";

/** One agent call of `GET /v1/activity`. */
export const activityEntrySchema = z
  .object({
    at: z.string().openapi({ description: "When the call ended (ISO 8601)." }),
    source: z.string(),
    channel: z.enum(["http", "mcp"]),
    method: z.string().nullable().openapi({ description: "null when the call was refused before a request was built." }),
    path: z.string().nullable().openapi({ description: "Path and query as sent, secrets replaced by [REDACTED]; null when refused." }),
    status: z.number().nullable().openapi({ description: "The upstream status (0 without a response); null when refused." }),
    ok: z.boolean(),
    durationMs: z.number(),
    attempts: z.number(),
    errorCode: z.string().nullable(),
  })
  .openapi("ActivityEntry");

const activityRoute = createRoute({
  method: "get",
  path: "/v1/activity",
  tags: ["server"],
  summary: "The last agent calls this server ran (kept in memory, newest first), optionally of one source.",
  request: {
    query: z.object({
      source: z.string().max(63).optional().openapi({ description: "Only this source's calls (its slug)." }),
      limit: z.coerce.number().int().min(1).max(1000).optional().openapi({ description: "At most this many calls. Default: all that are kept (500)." }),
    }),
  },
  responses: {
    200: { description: "The calls, newest first.", content: { "application/json": { schema: z.object({ calls: z.array(activityEntrySchema) }) } } },
    ...errorResponses(401, 403, 422),
  },
});

export function registerActivityRoutes(app: ServerHono, activity: ActivityLog): void {
  app.openapi(activityRoute, (c) => c.json({ calls: activity.list(c.req.valid("query")) }, 200));
}
