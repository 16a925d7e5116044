import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestHeader } from "./request-header";

/** What `limitBodySize` needs. */
export interface LimitBodySizeOptions {
  /** Largest body accepted, in bytes. */
  maxSize: number;
  /** The answer when the body is larger. */
  onError: (c: Context) => Response | Promise<Response>;
}

const bodylessMethods: ReadonlySet<string> = new Set(["GET", "HEAD"]);

/**
 * Hono's `bodyLimit`, with its common cases decided from the request line and
 * headers alone: a GET or HEAD has no body, and a `Content-Length` without
 * `Transfer-Encoding` is compared as it stands (exactly what `bodyLimit`
 * does). Only a chunked body goes through `bodyLimit`, which counts it while
 * reading. Reading `c.req.raw.body` first, as `bodyLimit` does for every
 * request, makes @hono/node-server build a web `Request` and stream for the
 * body; skipping that is most of the cost of an agent call's HTTP layer.
 */
export function limitBodySize(options: LimitBodySizeOptions): MiddlewareHandler {
  const counting = bodyLimit(options);
  return async (c, next) => {
    if (bodylessMethods.has(c.req.method)) return next();
    const length = requestHeader(c, "content-length");
    if (length !== undefined && requestHeader(c, "transfer-encoding") === undefined) {
      return Number.parseInt(length || "0", 10) > options.maxSize ? options.onError(c) : next();
    }
    return counting(c, next);
  };
}
