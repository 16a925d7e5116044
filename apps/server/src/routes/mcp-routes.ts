import type { RouteContext } from "../app-context";
import { errorResponses } from "../api-schemas";
import { callerOf } from "../agent-tokens/caller-of-request";
import { withIncomingTraceContext } from "../telemetry/incoming-trace-context";

/**
 * `/mcp`: Model Context Protocol over Streamable HTTP (stateful sessions). It is
 * documented in the OpenAPI document as a plain route; its messages are JSON-RPC.
 */
export function registerMcpRoutes({ app, sessions }: RouteContext): void {
  for (const method of ["post", "get", "delete"] as const) {
    app.openAPIRegistry.registerPath({
      method,
      path: "/mcp",
      tags: ["mcp"],
      summary: {
        post: "MCP JSON-RPC messages (initialize without Mcp-Session-Id starts a session).",
        get: "MCP server-to-client event stream of a session (tools/list_changed arrives here).",
        delete: "End an MCP session.",
      }[method],
      security: [{ bearer: [] }],
      responses: {
        200: { description: "JSON-RPC response or text/event-stream, per the MCP Streamable HTTP transport." },
        ...errorResponses(400, 401, 403, 404, 413),
      },
    });
  }
  app.all("/mcp", (c) => withIncomingTraceContext(c, () => sessions.handle(c.req.raw, callerOf(c.req))));
}
