/**
 * A request the executor is about to send on a followed redirect, handed to
 * `AuthorizeHop` to attach the credential. `url` and `headers` are the hop's
 * own copies: change them in place (a plugin's `apply` does exactly that).
 */
export interface HopToAuthorize {
  /** The method after the redirect's rules (303 → GET, 301/302 turn a POST into GET). */
  method: string;
  /** The redirect's target, already checked to be on the source's origin and under its base path; no fragment. */
  url: URL;
  /** The previous hop's headers, body headers dropped when the body was. */
  headers: Headers;
  body: string | undefined;
  /** The attempt the hop belongs to, from 1 (a redirect is followed within the attempt that received it). */
  attempt: number;
  /** The caller's signal: an authorizer that waits (a token refresh) should stop when it aborts. */
  signal: AbortSignal | undefined;
}

/**
 * Attaches the credential to a hop: what the executor calls on every retry and
 * every redirect it follows, instead of knowing the source's auth plugin and
 * credential. May be asynchronous; a throw (or rejection) ends the call with a `NETWORK` error
 * whose message is redacted. `createHopAuthorizer` builds one from a plugin.
 */
export type AuthorizeHop = (hop: HopToAuthorize) => void | Promise<void>;

/**
 * What the executor does with a response the auth plugin asked to see (a 401):
 * `retry` may refresh what the plugin uses and answers whether to send the
 * request once more. Asked at most once per call; the retry counts in `attempts`.
 */
export interface RejectionHandler {
  /** The statuses to ask about, e.g. `[401]`. */
  readonly statuses: readonly number[];
  retry(rejection: { status: number; headers: Headers; hop: HopToAuthorize }): Promise<boolean>;
}
