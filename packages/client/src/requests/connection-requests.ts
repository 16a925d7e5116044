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
  /**
   * `POST /v1/connect/{token}/sign-in`: start the upstream sign-in of the link's source for the link's principal
   * (when `describeLink` says `signIn.available`); open `authorizationUrl` in the browser. Never retried.
   */
  beginSignIn(
    linkToken: string,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/connect/{token}/sign-in", "post">>;
  /**
   * `POST /v1/connect/{token}/sign-in/progress`: where a device-code sign-in started by `beginSignIn` (`awaits:
   * "poll"`) stands; asks the upstream when it is due. `connected` once the person entered the code. Never retried.
   */
  signInProgress(
    linkToken: string,
    signInId: string,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/connect/{token}/sign-in/progress", "post">>;
  /** `GET /v1/me/connections`: the person's own connections, by their session cookie (a browser on the server's own page). */
  listMine(options?: RequestOptions): Promise<ResponseBodyOf<"/v1/me/connections", "get">>;
  /** `DELETE /v1/me/connections/{slug}`: remove one of the person's own connections, by their session cookie. */
  removeMine(slug: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/me/connections/{slug}", "delete">>;
  /** `DELETE /v1/me/session`: end the person's session (its cookie is cleared). */
  endMySession(options?: RequestOptions): Promise<ResponseBodyOf<"/v1/me/session", "delete">>;
  /**
   * `GET /v1/me/sign-in`: whether a person can sign in here at the team's identity provider (`--oauth-issuer` with
   * `--oauth-console-client-id`); `message` says why not.
   */
  personSignIn(options?: RequestOptions): Promise<ResponseBodyOf<"/v1/me/sign-in", "get">>;
  /**
   * `POST /v1/me/sign-in`: start a person's sign-in at the identity provider; open `authorizationUrl` in the browser.
   * With `connectToken` (a connect link's token) the person comes back to that link's page once signed in as its
   * principal; without it, to My connections. Never retried.
   */
  beginPersonSignIn(connectToken?: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/me/sign-in", "post">>;
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
    beginSignIn: (linkToken, options) =>
      send({ method: "post", path: `v1/connect/${encodeURIComponent(linkToken)}/sign-in`, json: {} }, options),
    signInProgress: (linkToken, signInId, options) =>
      send(
        { method: "post", path: `v1/connect/${encodeURIComponent(linkToken)}/sign-in/progress`, json: { signInId } },
        options,
      ),
    listMine: (options) => send({ method: "get", path: "v1/me/connections" }, options),
    removeMine: (slug, options) =>
      send({ method: "delete", path: `v1/me/connections/${encodeURIComponent(slug)}` }, options),
    endMySession: (options) => send({ method: "delete", path: "v1/me/session" }, options),
    personSignIn: (options) => send({ method: "get", path: "v1/me/sign-in" }, options),
    beginPersonSignIn: (connectToken, options) =>
      send(
        { method: "post", path: "v1/me/sign-in", json: connectToken === undefined ? {} : { connectToken } },
        options,
      ),
  };
}
