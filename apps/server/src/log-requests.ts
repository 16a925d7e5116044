import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { agentCallRequests } from "./agent-call-requests";
import { scalarLineLoggerOf } from "./scalar-line-logger";

/** Logs one `http_request` line per request (agent calls log their own line instead). */
export function logRequests(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (agentCallRequests.has(c.req.raw)) return;
    const durationMs = Math.round(performance.now() - started);
    scalarLineLoggerOf(logger).info({ event: "http_request", method: c.req.method, route: c.req.routePath, path: c.req.path, status: c.res.status, durationMs }, "request");
  };
}
