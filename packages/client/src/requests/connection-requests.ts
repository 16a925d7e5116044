import type { RequestOptions, SendRequest } from "../send-request";
import type { ResponseBodyOf } from "../server-api-types";

/** Per-user sources' connections (`api.credentials: "per-user"`): who is connected, an operator's set and remove, and a connect link's page. */
export interface ConnectionRequests {
  /** `GET /v1/connections`: who is connected to which per-user source, never a value; `source` and `principal` narrow it. */
  list(
    filter?: { source?: string; principal?: string },
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/connections", "get">>;
  /** `PUT /v1/sources/{slug}/connections`: store one principal's own credential (refused unless the source is per-user). */
  set(
    slug: string,
    principal: string,
    credential: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/sources/{slug}/connections", "put">>;
  /** `DELETE /v1/sources/{slug}/connections?principal=P`: remove it; that principal's next call answers NOT_CONNECTED. */
  remove(
    slug: string,
    principal: string,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/sources/{slug}/connections", "delete">>;
  /** `GET /v1/connect/{token}`: what a connect link is for (needs no token). */
  describeLink(linkToken: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/connect/{token}", "get">>;
  /** `POST /v1/connect/{token}`: connect the link's principal with `credential`; the link is used up. Never retried. */
  connect(
    linkToken: string,
    credential: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/connect/{token}", "post">>;
}

const sourceConnectionsPath = (slug: string): string => `v1/sources/${encodeURIComponent(slug)}/connections`;

export function createConnectionRequests(send: SendRequest): ConnectionRequests {
  return {
    list: (filter = {}, options) => {
      const searchParams: Record<string, string> = {};
      if (filter.source !== undefined) searchParams.source = filter.source;
      if (filter.principal !== undefined) searchParams.principal = filter.principal;
      return send({ method: "get", path: "v1/connections", searchParams }, options);
    },
    set: (slug, principal, credential, options) =>
      send({ method: "put", path: sourceConnectionsPath(slug), json: { principal, credential } }, options),
    remove: (slug, principal, options) =>
      send({ method: "delete", path: sourceConnectionsPath(slug), searchParams: { principal } }, options),
    describeLink: (linkToken, options) =>
      send({ method: "get", path: `v1/connect/${encodeURIComponent(linkToken)}` }, options),
    connect: (linkToken, credential, options) =>
      send({ method: "post", path: `v1/connect/${encodeURIComponent(linkToken)}`, json: { credential } }, options),
  };
}
