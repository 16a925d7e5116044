import type { SharedSignIns, SignInStart } from "@src/auth";
import type { Context } from "hono";
import { requestHeader } from "../request-header";
import type { HostedOAuthSettings } from "../hosted-oauth/hosted-oauth-settings";
import {
  createIdentityProviderSignIn,
  type ConsoleClient,
  type IdentityProviderPending,
  type IdentityProviderSignIn,
} from "./identity-provider-sign-in";
import type { PersonSessions } from "./person-sessions";
import { connectSignInBrowser } from "./connect-sign-in-browser";

/**
 * Whether people sign in at the team's identity provider here: on with `--oauth-issuer` and
 * `--oauth-console-client-id`; otherwise `message` says why not and what the operator does.
 */
export type PersonSignIn =
  | { readonly available: true; readonly identityProvider: IdentityProviderSignIn }
  | { readonly available: false; readonly message: string };

/** What a server without `--oauth-issuer` says when a person asks to sign in at an identity provider. */
export const noIdentityProviderMessage =
  "this server signs nobody in at an identity provider (it does with --oauth-issuer and --oauth-console-client-id)";

/** What a server with `--oauth-issuer` but without the console's client says. */
export const noConsoleClientMessage =
  "signing in at the identity provider is not set up on this server: the operator starts it with --oauth-console-client-id (the console's client at the identity provider, its secret in SRC_OAUTH_CONSOLE_CLIENT_SECRET, its redirect URI <public URL>/v1/auth/callback)";

/** Whether people sign in at the identity provider on a server with these hosted OAuth settings and console client. */
export function personSignInOf(
  oauth: HostedOAuthSettings | undefined,
  consoleClient: ConsoleClient | undefined,
): PersonSignIn {
  if (oauth?.mode !== "issuer") return { available: false, message: noIdentityProviderMessage };
  if (consoleClient === undefined) return { available: false, message: noConsoleClientMessage };
  return {
    available: true,
    identityProvider: createIdentityProviderSignIn({
      issuer: oauth.issuer,
      client: consoleClient,
      allowInsecureIssuer: oauth.allowLoopbackClients,
    }),
  };
}

/**
 * The `slug` a person's sign-in is kept under in the shared sign-in store (no source's: slugs start with a letter or a
 * digit), so that a redirect that comes too late is told to sign in again rather than to start a source's sign-in.
 */
export const personSignInSlug = "@person";

/** Whether a connect link's person must first sign in at the identity provider: a link for `idp:SUB`, a user of it. */
export const needsIdentityProviderSignIn = (principal: string): boolean => principal.startsWith("idp:");

/** The principal of a person who signed in at the identity provider as `subject`: the same as their agent's JWTs give. */
export const principalOfSubject = (subject: string): string => `idp:${subject}`;

/** What a person's sign-in keeps, sealed in the shared store with the rest of it. */
export type PersonSignInPending = IdentityProviderPending & {
  /** The connect link the person came from (its token), when they came from one: they go back to it. */
  readonly connectToken?: string | undefined;
  /** The SHA-256 of the key of the browser that started it (`connectSignInBrowser`): only that browser finishes it. */
  readonly browser?: string | undefined;
};

/**
 * How long the browser key of a person's sign-in lives (its cookie's `Max-Age`, in seconds): at least as long as a
 * sign-in may wait for its redirect (10 minutes by default, `--sign-in-lifetime`), so it is never the cookie that ends it.
 */
const personSignInBrowserSeconds = 24 * 60 * 60;

interface PersonPending {
  readonly srcPersonSignIn: PersonSignInPending;
}

/**
 * Starts a person's sign-in at the identity provider and keeps it in the shared sign-in store (any replica finishes
 * it at `/v1/auth/callback`). Returns the page to open and until when it may be finished.
 */
export async function beginPersonSignIn(
  identityProvider: IdentityProviderSignIn,
  signIns: SharedSignIns,
  redirectUri: string,
  connectToken: string | undefined,
  secure: boolean,
): Promise<{ authorizationUrl: string; expiresAt: number; cookie: string }> {
  const { url, state, pending } = await identityProvider.begin(redirectUri);
  // Finished only in the browser that started it (its cookie), against login CSRF: a sign-in page someone else
  // started must not give this browser their session.
  const browser = connectSignInBrowser(state, personSignInBrowserSeconds, secure);
  const kept: PersonPending = {
    srcPersonSignIn: { ...pending, ...(connectToken === undefined ? {} : { connectToken }), browser: browser.digest },
  };
  const { expiresAt } = await signIns.add(personSignInSlug, { url, state, awaits: "redirect", pending: kept });
  return { authorizationUrl: url, expiresAt, cookie: browser.cookie };
}

/** A claimed sign-in's pending data when it is a person's sign-in at the identity provider; `undefined` otherwise. */
export function personSignInOfStart(start: SignInStart): PersonSignInPending | undefined {
  const pending = start.pending as Partial<PersonPending> | null | undefined;
  const kept = typeof pending === "object" && pending !== null ? pending.srcPersonSignIn : undefined;
  if (
    kept === undefined ||
    typeof kept.codeVerifier !== "string" ||
    typeof kept.nonce !== "string" ||
    typeof kept.redirectUri !== "string"
  )
    return undefined;
  return kept;
}

/** Whether a browser request comes from a page of another origin than the server's own (its `Origin` names another host). */
export function isForeignOrigin(c: Context): boolean {
  const origin = requestHeader(c, "origin");
  const host = requestHeader(c, "host");
  return origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`;
}

/**
 * The principal of the person's session cookie on a request from the server's own pages; `undefined` without a valid
 * session, or from a page of another origin (whatever `--cors-origin` allows: only the console may use the session).
 */
export function sessionPrincipalOf(c: Context, sessions: PersonSessions): string | undefined {
  if (isForeignOrigin(c)) return undefined;
  return sessions.principalOf(requestHeader(c, "cookie"));
}
