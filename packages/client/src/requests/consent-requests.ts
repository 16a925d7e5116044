import type { RequestOptions, SendRequest } from "../send-request";
import type { RequestBodyOf, ResponseBodyOf } from "../server-api-types";

/** The consent page's routes of a hosted agent's OAuth sign-in: `/v1/oauth/consent...` (admin token only). */
export interface ConsentRequests {
  /** `POST /v1/oauth/consent`: the waiting sign-in of this authorization request's query (the client, the enabled sources, a CSRF token bound to this sign-in). */
  load(query: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/oauth/consent", "post">>;
  /** `POST /v1/oauth/consent/decision`: allow (the sources, each read-only or not, and when the grant ends) or deny; answers where to send the browser. Never retried. */
  decide(
    input: RequestBodyOf<"/v1/oauth/consent/decision", "post">,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/oauth/consent/decision", "post">>;
}

export function createConsentRequests(send: SendRequest): ConsentRequests {
  return {
    load: (query, options) => send({ method: "post", path: "v1/oauth/consent", json: { query } }, options),
    decide: (input, options) => send({ method: "post", path: "v1/oauth/consent/decision", json: input }, options),
  };
}
