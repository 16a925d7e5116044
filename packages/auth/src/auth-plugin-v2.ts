import type { z } from "zod";
import type { AuthSessionCache } from "./auth-session-cache";
import type { DiscoverConfigInput, DiscoveredConfig } from "./discover-config";
import type { OpenApiSecurityScheme, SecuritySchemeMatch } from "./security-scheme";
import type { AuthSignIn } from "./sign-in/auth-sign-in";

/**
 * One outgoing attempt, as the `authorize` hook sees it. The hook changes `url`
 * (its query) and `headers` in place; the rest is given so that signing plugins
 * can sign it.
 */
export interface AuthorizeRequest {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The URL of this attempt or redirect hop. Only the query may change. */
  readonly url: URL;
  /** The request headers, lower-case names. */
  readonly headers: Headers;
  /** The exact body bytes that will be sent, when there is a body. */
  readonly body: Uint8Array | undefined;
  /** 1 for the first attempt, 2 for the first retry, and so on. A redirect hop keeps its attempt's number. */
  readonly attempt: number;
  /** Aborted when the call is cancelled or times out; pass it to any fetch the hook makes. */
  readonly signal: AbortSignal;
}

/** The header names and query names a plugin sets, declared up front (no probe request). */
export interface AuthPlacement {
  /** Header names the plugin sets on every request, any case. Never a framing header (see `serviceControlledHeaderReason`). */
  readonly headers: readonly string[];
  /** Header names it sets only for some credentials (a session token when one is stored). Default none. */
  readonly optionalHeaders?: readonly string[] | undefined;
  /** Query parameter names the plugin sets; an agent's call may not use them. */
  readonly query: readonly string[];
}

/** What the hooks of a v2 plugin are given, besides the request. */
export interface AuthContext<TConfig, TCredential> {
  /** The source's slug, for hints such as "run `src auth login <slug>`". */
  readonly slug: string;
  /** The source's `api` block, parsed with `configSchema`. */
  readonly config: TConfig;
  /** The stored credential, parsed with `credentialSchema` (the newest one stored when the call started). */
  readonly credential: TCredential;
  /** The current time. Injected so that tests (and the conformance suite) can fix it. */
  readonly now: () => Date;
  /** Aborted when the call is cancelled; pass it to any fetch the hook makes. */
  readonly signal: AbortSignal;
  /**
   * Marks a value fetched or derived at run time (an access token) as secret: it
   * is redacted from results, errors and logs like the stored credential.
   */
  registerSecret(value: string): void;
  /**
   * Stores an updated credential (a rotated refresh token, a new access token)
   * in the vault under the same source and scope, atomically and under the
   * vault's inter-process lock. Checked with `credentialSchema` first.
   */
  saveCredential(credential: TCredential): Promise<void>;
  /**
   * Runs `action` while no other call holds this credential's lock: none in this process, nor in any other sharing
   * the vault (the CLI, another replica on the same PostgreSQL store) when the vault can lock. `action` gets the
   * credential as stored now, read again inside the lock and parsed with `credentialSchema` (`undefined`: it was
   * removed meanwhile). For renewing what a provider accepts only once (a rotating OAuth 2.0 refresh token): inside,
   * look at the stored credential first, and renew and `saveCredential` only when nobody did meanwhile. Hold it only
   * for that; the wait for another holder is bounded (45 s), then the call fails. The service always gives it;
   * optional so that a context built by hand (in a plugin's own test) need not: without it, use `credential`.
   */
  withCredentialLock?<T>(action: (stored: TCredential | undefined) => Promise<T>): Promise<T>;
  /** In-memory state for this source, shared by the calls of one process, with single-flight. */
  readonly session: AuthSessionCache;
}

/** A response the plugin asked to see (`rejectedStatuses`, default 401). */
export interface AuthRejection {
  /** The HTTP status, e.g. 401. */
  readonly status: number;
  /** The response headers (`www-authenticate` and friends). */
  readonly headers: Headers;
  /** The request that was rejected, as it was sent. */
  readonly request: AuthorizeRequest;
}

/**
 * The auth plugin contract (version 2, the only one): an asynchronous hook per
 * attempt and per redirect hop, a declared placement, an optional hook for a
 * rejected request, and a context with a clock, a session cache, secret
 * registration and credential saving. The fields a person gives are declared
 * once, in the schemas' metadata (`AuthFieldMeta`); optional sign-in steps serve
 * credentials that need a person. Checked with `satisfies AuthPluginV2<Config, Credential>`.
 *
 * @typeParam TConfig the extra `api` fields the plugin needs.
 * @typeParam TCredential the credential shape.
 */
export interface AuthPluginV2<
  TConfig extends Record<string, unknown> = Record<string, unknown>,
  TCredential extends Record<string, unknown> = Record<string, unknown>,
> {
  /** The contract version this plugin implements. */
  readonly specificationVersion: "v2";
  /** The `api.authType` value that selects this plugin. Lower case, `[a-z0-9-]+`. */
  readonly type: string;
  /** One line for people: what the mode does and where the credential goes. */
  readonly description: string;
  /**
   * The extra fields this mode needs in the `api` block (`z.object({})` when
   * none), each with `.meta({ label, description, example })` (`AuthFieldMeta`).
   * Unknown `api` fields must pass (strip, not strict). Errors read under `api.<field>`.
   */
  readonly configSchema: z.ZodType<TConfig>;
  /**
   * The credential shape, checked before it is stored; each field with
   * `.meta({ label, description, secret, example })`. Fields are secret unless
   * `secret: false`; `managed: true` marks what the plugin stores itself (tokens).
   * Build strings from `credentialTextSchema` or `headerCredentialTextSchema`.
   */
  readonly credentialSchema: z.ZodType<TCredential>;
  /**
   * One line for the agent's tool description about this source's auth, when
   * the agent should know something (the OAuth 2.0 scopes that limit what
   * succeeds); `undefined` when there is nothing to say. Never a secret.
   */
  describe?(config: TConfig): string | undefined;
  /**
   * When an OpenAPI document's security scheme is one this mode serves: the
   * `api` fields it gives (`src source add --openapi` fills them in). `given` is
   * what the operator gave already. `undefined` when the scheme is not this mode's.
   */
  fromSecurityScheme?(
    scheme: OpenApiSecurityScheme,
    given: Readonly<Record<string, unknown>>,
  ): SecuritySchemeMatch | undefined;
  /**
   * Fills in `api` fields from what servers publish, when a source is added:
   * OAuth 2.0 endpoints from an issuer's metadata, or from the test endpoint's
   * `WWW-Authenticate` (RFC 9728). `undefined` when there is nothing to find.
   * Throws `AuthorizeError` (`failed`) when a server named cannot be read, or
   * `AuthError` (`INVALID_CONFIG`) when what it publishes rules a given field out.
   */
  discover?(input: DiscoverConfigInput): Promise<DiscoveredConfig | undefined>;
  /** Sign-in steps, for a credential that needs a person (see `AuthSignIn`). */
  readonly signIn?: AuthSignIn<TConfig, TCredential>;
  /** The header and query names `authorize` sets, for this config. */
  placement(config: TConfig): AuthPlacement;
  /**
   * Attaches the credential to one attempt, in place. Runs on every attempt and
   * every followed redirect; must be safe to run again (set, do not append).
   * May fetch (a token) through `request.signal`, must not change the origin,
   * path, method or body. Throws `AuthorizeError` when the credential is
   * refused (`needs_auth`) or the authorization server fails (`failed`).
   */
  authorize(request: AuthorizeRequest, context: AuthContext<TConfig, TCredential>): Promise<void>;
  /**
   * Statuses that call `onRejected` instead of becoming the result at once.
   * Default `[401]` when `onRejected` is given.
   */
  readonly rejectedStatuses?: readonly number[];
  /**
   * Called once per call at most, for a response with a status in
   * `rejectedStatuses`. May refresh what `authorize` uses; answering
   * `{ retry: true }` sends the request once more (counted in `attempts`).
   * A second rejection is the result: never a loop.
   */
  onRejected?(rejection: AuthRejection, context: AuthContext<TConfig, TCredential>): Promise<{ retry: boolean }>;
  /** Every stored value that must never reach an agent or a log. Values fetched later go through `registerSecret`. */
  secretValues(credential: TCredential): string[];
  /** Where the credential goes, for messages; never the credential itself. */
  describePlacement(config: TConfig): string;
}

/** Any v2 plugin, whatever its config and credential types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAuthPluginV2 = AuthPluginV2<any, any>;

/** Typing-only helper: returns the v2 plugin unchanged, with its types inferred. */
export function defineAuthPluginV2<
  TConfig extends Record<string, unknown>,
  TCredential extends Record<string, unknown>,
>(plugin: AuthPluginV2<TConfig, TCredential>): AuthPluginV2<TConfig, TCredential> {
  return plugin;
}
