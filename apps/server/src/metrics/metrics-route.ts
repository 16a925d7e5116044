import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ServerMetrics } from "./server-metrics";

/** Where Prometheus scrapes. */
export const metricsPath = "/metrics";

/**
 * `GET /metrics`: the Prometheus text format (prom-client), with the admin token or the metrics token
 * (`--metrics-token`, `SRC_METRICS_TOKEN`). Not in `/openapi.json`: it is not JSON, and no client of the API reads it.
 */
export function registerMetricsRoute(app: OpenAPIHono, metrics: ServerMetrics): void {
  app.get(metricsPath, async (c) => {
    const { text, contentType } = await metrics.scrape();
    return c.body(text, 200, { "content-type": contentType, "cache-control": "no-store" });
  });
}
