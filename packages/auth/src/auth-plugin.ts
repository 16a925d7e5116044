import type { z } from "zod";

/**
 * The outgoing request an auth plugin may change. Plugins change `url` and
 * `headers` in place; `method` and `body` are given so that signing plugins
 * (HMAC and the like) can sign them.
 */
export interface AuthRequest {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The final URL. Query auth appends to `url.search`. */
  readonly url: URL;
  /** The request headers. Header auth sets one here. */
  readonly headers: Headers;
  /** The serialized body, when there is one. */
  readonly body?: string | undefined;
}

/** One value a person is asked for when entering a credential. */
export interface CredentialField {
  /** Key in the credential object, e.g. `token`. */
  readonly name: string;
  /** What a prompt shows, e.g. `API token`. */
  readonly label: string;
  /** Secret fields are read with hidden input and never shown. */
  readonly secret: boolean;
}

/**
 * Version 1 of the auth plugin contract. A plugin is a plain object, usually
 * returned by a `createXAuth()` factory and checked with `satisfies AuthPlugin`.
 *
 * @typeParam TConfig the extra `api` fields the plugin needs (e.g. `{ headerName: string }`).
 * @typeParam TCredential the credential shape (e.g. `{ token: string }`).
 */
export interface AuthPlugin<
  TConfig extends Record<string, unknown> = Record<string, unknown>,
  TCredential extends Record<string, unknown> = Record<string, unknown>,
> {
  /** The contract version this plugin implements. */
  readonly specificationVersion: "v1";
  /** The `api.authType` value that selects this plugin, e.g. `bearer`. Lower case, `[a-z0-9-]+`. */
  readonly type: string;
  /** One line for people: where the credential goes. */
  readonly description: string;
  /**
   * The extra fields this mode needs in the `api` block of `config.json`
   * (an empty object schema when none). Field errors are reported under `api.<field>`.
   */
  readonly configSchema: z.ZodType<TConfig>;
  /** The credential shape; values are checked with it before they are stored. */
  readonly credentialSchema: z.ZodType<TCredential>;
  /** The fields a person is asked for, in order. */
  readonly credentialFields: readonly CredentialField[];
  /**
   * Attaches the credential to the request, in place. Must be pure apart from
   * changing `request.url` and `request.headers`; must be idempotent (applying
   * twice gives the same request as once), because redirects re-apply it.
   */
  apply(request: AuthRequest, context: { config: TConfig; credential: TCredential }): void;
  /**
   * Every value that must never be shown to an agent or written to a log
   * (e.g. the token; for basic auth the password and the encoded header value).
   */
  secretValues(credential: TCredential): string[];
  /**
   * Where the credential goes, for messages such as "the API rejected the key
   * sent in header X-Api-Key". Never includes the credential itself.
   */
  describePlacement(config: TConfig): string;
}

/** Any plugin, whatever its config and credential types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAuthPlugin = AuthPlugin<any, any>;

/** The config type of a plugin. */
export type AuthPluginConfig<TPlugin> = TPlugin extends AuthPlugin<infer TConfig, Record<string, unknown>> ? TConfig : never;

/** The credential type of a plugin. */
export type AuthPluginCredential<TPlugin> = TPlugin extends AuthPlugin<Record<string, unknown>, infer TCredential> ? TCredential : never;

/** Typing-only helper: returns the plugin unchanged, with its types inferred. */
export function defineAuthPlugin<TConfig extends Record<string, unknown>, TCredential extends Record<string, unknown>>(
  plugin: AuthPlugin<TConfig, TCredential>,
): AuthPlugin<TConfig, TCredential> {
  return plugin;
}
