/** A sign-in a plugin started: what to show the person, and what `complete` needs back. */
export interface SignInStart {
  /** The page the person opens (an authorization URL, or a device-code page). */
  readonly url: string;
  /** A code the person types on that page (a device flow); none for a redirect flow. */
  readonly userCode?: string | undefined;
  /**
   * `"redirect"`: the page sends the browser back to the `redirectUri` given to
   * `begin`, and `complete` gets that URL. `"poll"`: `complete` is called at once
   * and waits (polls) until the person is done.
   */
  readonly awaits: "redirect" | "poll";
  /** A random, unguessable key of this sign-in: the redirect carries it back as `?state=` and the apps route the redirect by it. */
  readonly state: string;
  /** What `complete` needs (a PKCE verifier, the redirect URI); kept in memory by the app, never shown. */
  readonly pending: unknown;
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
  begin(source: SignInSource<TConfig, TCredential> & { readonly credential: TCredential; readonly redirectUri: string }): Promise<SignInStart>;
  /**
   * Finishes it: from the redirect's URL (`awaits: "redirect"`), or by polling
   * (`"poll"`: `callbackUrl` is undefined). Returns the credential to store
   * (tokens added); throws `AuthorizeError` (`needs_auth`) when the person or the
   * server refused, naming what to do.
   */
  complete(source: SignInSource<TConfig, TCredential> & { readonly credential: TCredential; readonly start: SignInStart; readonly callbackUrl: URL | undefined }): Promise<TCredential>;
  /** The sign-in state. */
  status(source: SignInSource<TConfig, TCredential>): SignInStatus;
  /** The credential without what the sign-in stored (tokens), or `undefined` when there was nothing to forget. */
  signOut(credential: TCredential): TCredential | undefined;
}
