import { createRoute, z } from "@hono/zod-openapi";
import type { RouteContext } from "../app-context";
import { agentCallRequests } from "../agent-call-requests";
import { connectionSignal } from "../connection-signal";
import { callerOf, mayCallSource } from "../agent-tokens/caller-of-request";
import { tokenPolicyOf } from "../create-call-gate";
import { readJsonBody } from "./read-json-body";
import { withIncomingTraceContext } from "../telemetry/incoming-trace-context";
import {
  errorResponses,
  jsonRequestBody,
  jsonResponse,
  toolCallBodySchema,
  toolResultSchema,
  toolSummarySchema,
} from "../api-schemas";

const listRoute = createRoute({
  method: "get",
  path: "/v1/tools",
  tags: ["tools"],
  summary:
    "The HTTP tools of the enabled sources (the operator command `/tools`; `?verbose=1` is `/tools -v`); for an agent token, those of its sources.",
  request: {
    query: z.object({
      verbose: z
        .enum(["0", "1", "true", "false"])
        .optional()
        .openapi({ description: "1 or true: add each tool's description and input schema. Default 0." }),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ tools: z.array(toolSummarySchema) }), "The tools."),
    ...errorResponses(401, 422, 503),
  },
});

const callRoute = createRoute({
  method: "post",
  path: "/v1/tools/{name}/call",
  tags: ["tools"],
  summary: "The agent's call. 200 with the tool result whatever the upstream answered; the result's `ok` tells.",
  request: {
    params: z.object({
      name: z
        .string()
        .min(1)
        .openapi({ param: { name: "name", in: "path" }, example: "api_github" }),
    }),
    body: jsonRequestBody(toolCallBodySchema),
  },
  responses: {
    200: jsonResponse(
      toolResultSchema,
      "The tool result (also for upstream errors and calls of the wrong shape: `error.code` INVALID_CALL).",
    ),
    ...errorResponses(400, 401, 404, 413, 503),
    403: jsonResponse(
      toolResultSchema,
      "The source's policy (api.policy) or the agent token refused the call, and nothing was sent: the tool result with `error.code` POLICY_DENIED (`error.rule` names the rule), or CONFIRMATION_REQUIRED (a confirm rule matched; no person can be asked over this API). Also an agent token calling a source it may not (`error.code` FORBIDDEN).",
    ),
    429: {
      description:
        "Over the source's (api.policy.rateLimit) or the agent token's rate limit, nothing sent: the tool result with `error.code` RATE_LIMITED and `error.retryAfterSeconds`, and a Retry-After header. Also SOURCE_BUSY: too many calls of one source at once.",
      headers: { "Retry-After": { description: "Seconds to wait before calling again.", schema: { type: "integer" } } },
      content: { "application/json": { schema: toolResultSchema } },
    },
  },
});

/** The status of a tool result the policy refused: nothing was sent. Every other result is a 200. */
const statusOfPolicyRefusal: Readonly<Record<string, 403 | 429>> = {
  POLICY_DENIED: 403,
  CONFIRMATION_REQUIRED: 403,
  CONFIRMATION_DECLINED: 403,
  RATE_LIMITED: 429,
};

export function registerToolRoutes({ app, service, gate }: RouteContext): void {
  app.openapi(listRoute, async (c) => {
    const verbose = ["1", "true"].includes(c.req.valid("query").verbose ?? "0");
    const caller = callerOf(c.req);
    const tools = (await service.listTools({ token: (slug) => tokenPolicyOf(caller, slug) })).filter((tool) =>
      mayCallSource(caller, tool.source),
    );
    return c.json(
      {
        tools: verbose ? tools : tools.map(({ description: _description, inputSchema: _inputSchema, ...tool }) => tool),
      },
      200,
    );
  });

  // The agent's hot route: documented from `callRoute`, served without the zod
  // validators `app.openapi` would add (the body schema accepts any JSON, and
  // `normalizeToolCall` checks the call's shape); about 30 µs less per call.
  app.openAPIRegistry.registerPath(callRoute);
  app.post("/v1/tools/:name/call", async (c) => {
    const input = await readJsonBody(c);
    // From here the gate logs the call (one tool_call line, also when it is refused).
    agentCallRequests.add(c.req.raw);
    const result = await withIncomingTraceContext(c, () =>
      gate.call(c.req.param("name"), input, {
        channel: "http",
        signal: connectionSignal(c),
        caller: callerOf(c.req),
        requestUrl: c.req.url,
      }),
    );
    const refused = result.error === undefined ? undefined : statusOfPolicyRefusal[result.error.code];
    if (refused === undefined) return c.json(result, 200);
    if (refused === 429) c.header("retry-after", String(result.error?.retryAfterSeconds ?? 1));
    return c.json(result, refused);
  });
}
