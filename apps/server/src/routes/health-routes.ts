import { createRoute, z } from "@hono/zod-openapi";
import type { RouteContext } from "../app-context";

const healthRoute = createRoute({
  method: "get",
  path: "/healthz",
  tags: ["server"],
  summary: "Liveness; the only route without the admin token.",
  security: [],
  responses: {
    200: { description: "The server is up.", content: { "application/json": { schema: z.object({ ok: z.literal(true) }) } } },
  },
});

export function registerHealthRoutes({ app }: RouteContext): void {
  app.openapi(healthRoute, (c) => c.json({ ok: true as const }, 200));
}
