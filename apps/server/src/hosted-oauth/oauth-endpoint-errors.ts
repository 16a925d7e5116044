import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";

/**
 * The last handler of the OAuth endpoints' Express app: a body its parsers refuse (not JSON, too large, a form that
 * does not parse) is answered as OAuth answers errors, `{ error, error_description }` in JSON (RFC 6749 5.2,
 * RFC 7591 3.2.2), never Express's HTML page with the stack and the server's file paths; anything else is a
 * `server_error` whose details go only to the log, as one JSON line.
 */
export function oauthEndpointErrors(logger: Logger): ErrorRequestHandler {
  return (error: unknown, request, response, next) => {
    if (response.headersSent) return next(error);
    const { status, type, limit } = error as { status?: unknown; type?: unknown; limit?: unknown };
    const path = request.path;
    if (type === "entity.too.large" || status === 413) {
      response.status(413).json({
        error: "invalid_request",
        error_description: `the request body is larger than ${typeof limit === "number" ? `${limit} bytes` : "this endpoint takes"}; send a smaller one`,
      });
      return;
    }
    if (typeof status === "number" && status >= 400 && status < 500) {
      const form = path.endsWith("/register")
        ? "a JSON object of client metadata (RFC 7591), Content-Type: application/json"
        : "form-encoded parameters, Content-Type: application/x-www-form-urlencoded";
      response.status(400).json({
        error: path.endsWith("/register") ? "invalid_client_metadata" : "invalid_request",
        error_description: `the request body cannot be read${type === "entity.parse.failed" ? " (it does not parse)" : ""}; send ${form}`,
      });
      return;
    }
    logger.error(
      { event: "oauth_endpoint_failed", path, errorMessage: (error as Error).message ?? String(error) },
      "an OAuth endpoint failed",
    );
    response
      .status(500)
      .json({ error: "server_error", error_description: "the authorization server failed; try again later" });
  };
}
