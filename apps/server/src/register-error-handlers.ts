import type { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { Logger } from "pino";
import { errorBody, toErrorResponse } from "./error-response";
import { SERVER_ERROR_CODES } from "./errors/server-error";

/** Answers unknown routes with 404 and thrown errors with their JSON error body, logging the unexpected ones. */
export function registerErrorHandlers(app: OpenAPIHono, logger: Logger): void {
  app.notFound((c) =>
    c.json(
      errorBody(SERVER_ERROR_CODES.NOT_FOUND, `no route ${c.req.method} ${c.req.path}; see GET /openapi.json`),
      404,
    ),
  );
  app.onError((thrown, c) => {
    // Hono's JSON validators answer a body that is not JSON with 400, and one whose Content-Type they do not take with 415.
    if (thrown instanceof HTTPException && (thrown.status === 400 || thrown.status === 415)) {
      return c.json(
        errorBody(
          SERVER_ERROR_CODES.INVALID_JSON,
          "the body is not valid JSON; send a JSON document with Content-Type: application/json",
        ),
        400,
      );
    }
    const response = toErrorResponse(thrown);
    if (response.status === 500 || response.body.error.message !== thrown.message) {
      logger.error(
        {
          event: "error",
          route: c.req.routePath,
          errorName: thrown.name,
          errorCode: (thrown as { code?: unknown }).code,
          errorMessage: thrown.message,
        },
        "request failed",
      );
    }
    for (const [name, value] of Object.entries(response.headers)) c.header(name, value);
    return c.json(response.body, response.status);
  });
}
