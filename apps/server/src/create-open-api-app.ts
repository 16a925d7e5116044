import { OpenAPIHono } from "@hono/zod-openapi";
import { SERVER_ERROR_CODES } from "./errors/server-error";

/**
 * The Hono app with OpenAPI routes: a request whose shape a route's schema refuses gets 422 naming each field, and
 * the bearer scheme every route documents.
 */
export function createOpenApiApp(): OpenAPIHono {
  const app = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (result.success) return;
      const details = result.error.issues.map((issue) => ({
        path: issue.path.map(String).join(".") || "(body)",
        message: issue.message,
      }));
      const summary = details.map((detail) => `${detail.path}: ${detail.message}`).join("; ");
      return c.json(
        {
          error: {
            code: SERVER_ERROR_CODES.INVALID_REQUEST,
            message: `the request does not have the expected shape: ${summary}; see GET /openapi.json`,
            details,
          },
        },
        422,
      );
    },
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description:
      "The admin token (SRC_SERVER_TOKEN, or the content of $SRC_HOME/server.token), or an agent token (src token create; only GET /v1/tools, POST /v1/tools/{name}/call and /mcp).",
  });
  return app;
}
