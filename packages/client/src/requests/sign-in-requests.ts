import type { RequestOptions, SendRequest } from "../send-request";
import type { RequestBodyOf, ResponseBodyOf } from "../server-api-types";

/** The sign-in routes of a source whose auth mode signs a person in: `/v1/sources/{slug}/auth...` (admin token only). */
export interface SignInRequests {
  /**
   * `POST /v1/sources/{slug}/auth/login`: start a sign-in (OAuth 2.0: authorization code with PKCE); open the answer's
   * `authorizationUrl` in a browser before `expiresAt`. The server's redirect page (`GET /v1/auth/callback`) finishes it.
   * Never retried.
   */
  start(
    slug: string,
    input?: RequestBodyOf<"/v1/sources/{slug}/auth/login", "post">,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/sources/{slug}/auth/login", "post">>;
  /**
   * `POST /v1/sources/{slug}/auth/login/progress`: where the sign-in `signInId` (from `start`) stands — `waiting`,
   * `signed_in`, `failed` or `expired`; for a device code the server asks the authorization server when it is due.
   * Ask every few seconds until it is no longer `waiting`.
   */
  progress(
    slug: string,
    signInId: string,
    options?: RequestOptions,
  ): Promise<ResponseBodyOf<"/v1/sources/{slug}/auth/login/progress", "post">>;
  /** `GET /v1/sources/{slug}/auth`: whether a call can be authorized without a person, and the facts the mode adds (grant, scopes, expiry); never a token. */
  status(slug: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/sources/{slug}/auth", "get">>;
  /** `DELETE /v1/sources/{slug}/auth`: revoke the refresh token when the server can (RFC 7009), then forget what the sign-in stored (tokens); `forgotten` is false when none was stored. */
  logout(slug: string, options?: RequestOptions): Promise<ResponseBodyOf<"/v1/sources/{slug}/auth", "delete">>;
}

const authPath = (slug: string): string => `v1/sources/${encodeURIComponent(slug)}/auth`;

export function createSignInRequests(send: SendRequest): SignInRequests {
  return {
    start: (slug, input, options) =>
      send({ method: "post", path: `${authPath(slug)}/login`, json: input ?? {} }, options),
    progress: (slug, signInId, options) =>
      send({ method: "post", path: `${authPath(slug)}/login/progress`, json: { signInId } }, options),
    status: (slug, options) => send({ method: "get", path: authPath(slug) }, options),
    logout: (slug, options) => send({ method: "delete", path: authPath(slug) }, options),
  };
}
