/** A sign-in a plugin started: what to show the person, and what `complete` or `poll` needs back. */
export interface SignInStart {
  /** The page the person opens (an authorization URL, or a device flow's verification page). */
  readonly url: string;
  /** A code the person types on that page (a device flow); none for a redirect flow. */
  readonly userCode?: string | undefined;
  /** The page with the code already in it, when the server gives one (RFC 8628 `verification_uri_complete`). */
  readonly urlComplete?: string | undefined;
  /**
   * `"redirect"`: the page sends the browser back to the `redirectUri` given to
   * `begin`, and `complete` gets that URL. `"poll"`: the person signs in on
   * another device; the app calls `poll` every `intervalSeconds` until it is
   * done (`pollSignIn` does that), on any process that holds the start.
   */
  readonly awaits: "redirect" | "poll";
  /** For `"poll"`: seconds to wait before the next `poll` (the server's interval; a `slow_down` raises it). */
  readonly intervalSeconds?: number | undefined;
  /** When the plugin's sign-in stops being valid at the server (epoch milliseconds), when it says. */
  readonly expiresAt?: number | undefined;
  /** A random, unguessable key of this sign-in: the redirect carries it back as `?state=` and the apps route the redirect by it. */
  readonly state: string;
  /** What `complete` or `poll` needs (a PKCE verifier, a device code), JSON; kept by the app (sealed when stored), never shown. */
  readonly pending: unknown;
}

/** What one `poll` found. */
export type SignInPoll<TCredential> =
  /** The person is done: the credential to store (tokens added). */
  | { readonly done: true; readonly credential: TCredential }
  /** Not yet: poll again after `start.intervalSeconds` (the start may have changed, e.g. a longer interval). */
  | { readonly done: false; readonly start: SignInStart };

/** What `signOut` did. */
export interface SignOutResult<TCredential> {
  /** The credential without what the sign-in stored (tokens): what to store now. */
  readonly credential: TCredential;
  /**
   * Whether the server was told to forget the tokens too (OAuth 2.0 revocation, RFC 7009):
   * `"revoked"`, `"not-supported"` (the server offers no way), or `"failed"` (the tokens are forgotten here anyway; `message` says why).
   */
  readonly revoked: "revoked" | "not-supported" | "failed";
  /** One sentence for people when `revoked` is `"failed"`; never a secret. */
  readonly message?: string | undefined;
}

/** Why a person cannot (or need not) sign in to a source as it is configured now. */
export interface SignInUnavailable {
  /** `not-needed`: calls get authorized without a person; `missing-credential`: store the credential (a client id) first. */
  readonly reason: "not-needed" | "missing-credential";
  /** One sentence for people, naming the field or setting; never a secret. */
  readonly message: string;
}

/** What the steps get about the source. */
export interface SignInSource<TConfig, TCredential> {
  readonly slug: string;
  readonly config: TConfig;
  /** The stored credential, parsed; `undefined` when none is stored. */
  readonly credential: TCredential | undefined;
  readonly now: () => Date;
  readonly signal: AbortSignal;
}

/** The sign-in state of a source, for `src auth status` and `GET /v1/sources/{slug}/auth`: never a secret. */
export interface SignInStatus {
  /** Whether a call can be authorized without a person now. */
  readonly signedIn: boolean;
  /** Further facts (grant, scopes, expiry), JSON; merged into the status answer. Never a token. */
  readonly details: Readonly<Record<string, unknown>>;
  /** The same for people, one line each (the first a summary). */
  readonly lines: readonly string[];
}

/**
 * Optional sign-in steps of a plugin whose credential needs a person (OAuth 2.0's
 * authorization code grant, a device code): `src auth login`, `src auth status`,
 * `src auth logout` and the server's sign-in routes call them for any plugin that
 * has them.
 */
export interface AuthSignIn<TConfig, TCredential> {
  /** Why this source cannot be signed in now, or `undefined` when it can. */
  unavailable(source: SignInSource<TConfig, TCredential>): SignInUnavailable | undefined;
  /** Starts a sign-in: the page (and code) for the person. `redirectUri` is where the app receives the redirect. */
  begin(
    source: SignInSource<TConfig, TCredential> & { readonly credential: TCredential; readonly redirectUri: string },
  ): Promise<SignInStart>;
  /**
   * Finishes a redirect sign-in (`awaits: "redirect"`) from the redirect's URL.
   * Returns the credential to store (tokens added); throws `AuthorizeError`
   * (`needs_auth`) when the person or the server refused, naming what to do.
   */
  complete(
    source: SignInSource<TConfig, TCredential> & {
      readonly credential: TCredential;
      readonly start: SignInStart;
      readonly callbackUrl: URL | undefined;
    },
  ): Promise<TCredential>;
  /**
   * One check of a sign-in that polls (`awaits: "poll"`, a device code): done with
   * the credential, or not yet. Throws `AuthorizeError` (`needs_auth`) when the
   * person refused or the code expired, naming what to do. Required when `begin`
   * can answer `"poll"`.
   */
  poll?(
    source: SignInSource<TConfig, TCredential> & { readonly credential: TCredential; readonly start: SignInStart },
  ): Promise<SignInPoll<TCredential>>;
  /** The sign-in state. */
  status(source: SignInSource<TConfig, TCredential>): SignInStatus;
  /**
   * Signs out: the credential without what the sign-in stored (tokens), after
   * telling the server when it can be told (revocation); `undefined` when there
   * was nothing to forget. A server that cannot be reached does not stop it.
   */
  signOut(
    source: SignInSource<TConfig, TCredential> & { readonly credential: TCredential },
  ): Promise<SignOutResult<TCredential> | undefined>;
}
