import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { agentCallRequests } from "./agent-call-requests";
import { scalarLineLoggerOf } from "./scalar-line-logger";

/** The path a request line shows: a connect link's token (a single-use capability) is never written to a log. */
const loggedPathOf = (path: string): string => (path.startsWith("/v1/connect/") ? "/v1/connect/[REDACTED]" : path);

/** Logs one `http_request` line per request (agent calls log their own line instead). */
export function logRequests(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (agentCallRequests.has(c.req.raw)) return;
    const durationMs = Math.round(performance.now() - started);
    scalarLineLoggerOf(logger).info(
      {
        event: "http_request",
        method: c.req.method,
        route: c.req.routePath,
        path: loggedPathOf(c.req.path),
        status: c.res.status,
        durationMs,
      },
      "request",
    );
  };
}
