import { createRoute, z } from "@hono/zod-openapi";
import { readRecentCallAuditLines } from "@src/service";
import type { ServerHono } from "../app-context";
import { errorResponses, jsonResponse } from "../api-schemas";
import { activityEntryOf } from "./activity-entry";

/** How many calls `GET /v1/activity` answers without a `limit`. */
export const defaultActivityLimit = 500;

/** One agent call of `GET /v1/activity`. */
export const activityEntrySchema = z
  .object({
    at: z.string().openapi({ description: "When the call ended (ISO 8601)." }),
    source: z.string(),
    channel: z
      .enum(["http", "mcp", "cli", "mcp-stdio"])
      .openapi({ description: "http: POST /v1/tools/{name}/call; mcp: /mcp; cli: `src call`; mcp-stdio: `src mcp`." }),
    method: z
      .string()
      .nullable()
      .openapi({ description: "null when the call was refused before a request was built." }),
    path: z
      .string()
      .nullable()
      .openapi({ description: "Path and query as sent, secrets replaced by [REDACTED]; null when refused." }),
    status: z
      .number()
      .nullable()
      .openapi({ description: "The upstream status (0 without a response); null when refused." }),
    ok: z.boolean(),
    durationMs: z.number(),
    attempts: z.number(),
    errorCode: z.string().nullable(),
    principal: z.string().nullable().openapi({
      description:
        "Whom the agent acted for: local (the operator), token:NAME, grant:NAME or idp:SUB; never a secret. null in lines written before principals.",
    }),
    outcome: z.enum(["sent", "denied", "refused"]).nullable().openapi({
      description:
        "sent: a request reached the upstream; denied: the source's policy or the caller's token refused it, nothing sent; refused: refused for another reason before anything was sent. null in lines written before outcomes.",
    }),
    rule: z.string().nullable().openapi({
      description:
        "With outcome denied: the rule that refused (read-only, not in allow, a rule as written, rateLimit 60/60s); else null.",
    }),
  })
  .openapi("ActivityEntry");

const activityRoute = createRoute({
  method: "get",
  path: "/v1/activity",
  tags: ["server"],
  summary:
    "The last agent calls on this home, newest first, optionally of one source: read from the audit log ($SRC_HOME/logs/calls.jsonl and its rotated files, as `src logs`), so calls made with `src call` or `src mcp` and calls from before a restart are there.",
  request: {
    query: z.object({
      source: z.string().max(63).optional().openapi({ description: "Only this source's calls (its slug)." }),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(1000)
        .optional()
        .openapi({ description: `At most this many calls. Default: ${defaultActivityLimit}.` }),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ calls: z.array(activityEntrySchema) }), "The calls, newest first."),
    ...errorResponses(401, 403, 422),
  },
});

/** `GET /v1/activity` over the audit log `auditFile`; `defaultLimit` calls without a `limit`. */
export function registerActivityRoutes(
  app: ServerHono,
  { auditFile, defaultLimit = defaultActivityLimit }: { auditFile: string; defaultLimit?: number | undefined },
): void {
  app.openapi(activityRoute, async (c) => {
    const { source, limit } = c.req.valid("query");
    const lines = await readRecentCallAuditLines(auditFile, { source, limit: limit ?? defaultLimit });
    return c.json({ calls: lines.flatMap((line) => activityEntryOf(line) ?? []) }, 200);
  });
}
