import type { RequestOptions, SendRequest } from "../send-request";
import type { CreateAgentTokenInput, ResponseBodyOf } from "../server-api-types";

/** The agent token routes: `/v1/tokens...` (admin token only). */
export interface TokenRequests {
  /** `GET /v1/tokens`: the agent tokens and hosted agents' OAuth grants by name and prefix, with their client and last use; never a value. */
  list(options?: RequestOptions): Promise<ResponseBodyOf<"/v1/tokens", "get">>;
  /** `POST /v1/tokens`: create an agent token; its value is in the answer this once. Never retried. */
  create(input: CreateAgentTokenInput, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/tokens", "post", 201>>;
  /** `DELETE /v1/tokens/{name}`: revoke a token or a grant; it (and a grant's access and refresh tokens) answers 401 from then on. */
  revoke(name: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/tokens/{name}", "delete">>;
}

export function createTokenRequests(send: SendRequest): TokenRequests {
  return {
    list: (options) => send({ method: "get", path: "v1/tokens" }, options),
    create: (input, options) => send({ method: "post", path: "v1/tokens", json: input }, options),
    revoke: (name, options) => send({ method: "delete", path: `v1/tokens/${encodeURIComponent(name)}` }, options),
  };
}
