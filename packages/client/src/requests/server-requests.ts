import type { RequestOptions, SendRequest } from "../send-request";
import type { ResponseBodyOf } from "../server-api-types";

/** The server's own routes: liveness, its OpenAPI document, the operator commands. */
export interface ServerRequests {
  /** `GET /healthz`: liveness; answers without a token. */
  health(options?: RequestOptions): Promise<ResponseBodyOf<"/healthz", "get">>;
  /**
   * `GET /readyz`: readiness (the shared store's database and change listener, not shutting down); answers without a token.
   * A server that is not ready answers 503, thrown as `SrcClientError` with `status: 503`.
   */
  ready(options?: RequestOptions): Promise<ResponseBodyOf<"/readyz", "get">>;
  /** `GET /openapi.json`: the server's OpenAPI 3.1 document. */
  openApiDocument(
    options?: RequestOptions,
  ): Promise<{ openapi: string; paths: Record<string, unknown> } & Record<string, unknown>>;
  /** `POST /v1/commands`: an operator command written literally (`/source reload github`, `/tools -v`). Never retried. */
  runCommand(command: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/commands", "post">>;
  /** `GET /v1/activity`: the last agent calls on the server's home (its audit log), newest first, each with its principal; only `source`'s, at most `limit`. */
  activity(
    filter?: { source?: string; limit?: number },
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/activity", "get">>;
}

export function createServerRequests(send: SendRequest): ServerRequests {
  return {
    health: (options) => send({ method: "get", path: "healthz" }, options),
    ready: (options) => send({ method: "get", path: "readyz" }, options),
    openApiDocument: (options) => send({ method: "get", path: "openapi.json" }, options),
    runCommand: (command, options) =>
      send({ method: "post", path: "v1/commands", json: { command }, callsUpstream: true }, options),
    activity: ({ source, limit } = {}, options) =>
      send(
        {
          method: "get",
          path: "v1/activity",
          searchParams: {
            ...(source === undefined ? {} : { source }),
            ...(limit === undefined ? {} : { limit: String(limit) }),
          },
        },
        options,
      ),
  };
}
