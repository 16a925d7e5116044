import type { MiddlewareHandler } from "hono";
import { errorBody } from "./error-response";
import { SERVER_ERROR_CODES } from "./errors/server-error";
import { requestHeader } from "./request-header";

const jsonMediaType = /^application\/([\w.-]+\+)?json$/i;

/** Refuses with 400 a POST, PUT or PATCH whose body is not sent as JSON (reload and sign-in start take no body). */
export function requireJsonBody(): MiddlewareHandler {
  return async (c, next) => {
    const takesNoBody =
      c.req.path.endsWith("/reload") ||
      (c.req.path.endsWith("/auth/login") && requestHeader(c, "content-type") === undefined);
    if (!["POST", "PUT", "PATCH"].includes(c.req.method) || takesNoBody) return next();
    const mediaType = (requestHeader(c, "content-type") ?? "").split(";")[0]?.trim() ?? "";
    if (!jsonMediaType.test(mediaType)) {
      const got = mediaType === "" ? "no Content-Type" : JSON.stringify(mediaType);
      return c.json(
        errorBody(
          SERVER_ERROR_CODES.INVALID_JSON,
          `the body must be JSON sent with Content-Type: application/json (got ${got})`,
        ),
        400,
      );
    }
    return next();
  };
}
