import { createRoute, z } from "@hono/zod-openapi";
import { runOperatorCommand } from "@src/service";
import type { RouteContext } from "../app-context";
import { errorResponses, jsonRequestBody, jsonResponse, operatorCommandResultSchema } from "../api-schemas";

const commandRoute = createRoute({
  method: "post",
  path: "/v1/commands",
  tags: ["commands"],
  summary:
    "Run an operator command written literally: `/source reload SLUG`, `/tools -v`, `/tools`, `/source list`, `/help`.",
  request: {
    body: jsonRequestBody(
      z.object({ command: z.string().min(1).max(1000).openapi({ example: "/source reload github" }) }),
    ),
  },
  responses: {
    200: jsonResponse(
      operatorCommandResultSchema,
      "The outcome; `ok` is false for an unknown command or a failed reload.",
    ),
    ...errorResponses(400, 401, 413, 422),
  },
});

export function registerCommandRoutes({ app, service }: RouteContext): void {
  app.openapi(commandRoute, async (c) => c.json(await runOperatorCommand(service, c.req.valid("json").command), 200));
}
