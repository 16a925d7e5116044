import { createRoute, z } from "@hono/zod-openapi";
import type { RouteContext } from "../app-context";
import { jsonResponse } from "../api-schemas";

const healthRoute = createRoute({
  method: "get",
  path: "/healthz",
  tags: ["server"],
  summary: "Liveness; open (no token) and cheap: it checks nothing but the process.",
  security: [],
  responses: {
    200: jsonResponse(z.object({ ok: z.literal(true) }), "The server is up."),
  },
});

const readinessSchema = z.object({
  ok: z.boolean(),
  /** Whether the store's database answered (always true with the file store). */
  database: z.boolean(),
  /** Whether the store's change listener heard a notification sent to itself (always true with the file store). */
  listener: z.boolean(),
  shuttingDown: z.boolean(),
});

const readyRoute = createRoute({
  method: "get",
  path: "/readyz",
  tags: ["server"],
  summary:
    "Readiness, for load balancers and Kubernetes; open (no token): the shared store's database and change listener answer, and the server is not shutting down.",
  security: [],
  responses: {
    200: jsonResponse(readinessSchema, "Ready to serve."),
    503: jsonResponse(
      readinessSchema,
      "Not ready: the database or the listener does not answer, or the server is shutting down.",
    ),
  },
});

/** How long `/readyz` waits for the database and the listener. */
const readinessTimeoutMs = 2000;

export function registerHealthRoutes(
  { app }: RouteContext,
  {
    readiness,
    isShuttingDown,
  }: {
    readiness?: ((timeoutMs: number) => Promise<{ database: boolean; listener: boolean }>) | undefined;
    isShuttingDown: () => boolean;
  },
): void {
  app.openapi(healthRoute, (c) => c.json({ ok: true as const }, 200));
  app.openapi(readyRoute, async (c) => {
    const { database, listener } =
      readiness === undefined ? { database: true, listener: true } : await readiness(readinessTimeoutMs);
    const shuttingDown = isShuttingDown();
    const ok = database && listener && !shuttingDown;
    return c.json({ ok, database, listener, shuttingDown }, ok ? 200 : 503);
  });
}
