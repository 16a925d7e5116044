import { AuthorizeError } from "@src/auth";
import * as oauth from "oauth4webapi";
import type { OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";
import { withIssuedTokens } from "./oauth2-credential-schema";
import { guarded, requestAuthorizationCodeToken } from "./request-token";
import { authorizationServerOf, tokenEndpointFor } from "./token-endpoint";

/** A started authorization code grant: the URL to open, and what the redirect is checked against. Keep `state` and `codeVerifier` secret. */
export interface AuthorizationStart {
  /** The authorization URL a person opens in a browser. */
  readonly url: string;
  /** Random `state`, compared with the redirect's (CSRF). */
  readonly state: string;
  /** PKCE verifier (RFC 7636); only its S256 challenge is in the URL. */
  readonly codeVerifier: string;
  /** Where the server sends the browser back. */
  readonly redirectUri: string;
}

/**
 * Starts the authorization code grant with PKCE (S256) and a random `state`.
 * S256 is sent even to a server whose metadata does not list it: `plain` would
 * put the verifier itself in the URL, and a server that ignores PKCE still
 * signs the person in.
 */
export async function startAuthorization({
  config,
  credential,
  redirectUri,
  slug = "SLUG",
  signal = new AbortController().signal,
}: {
  config: OAuth2Config;
  credential: OAuth2Credential;
  redirectUri: string;
  slug?: string;
  signal?: AbortSignal;
}): Promise<AuthorizationStart> {
  const { server } = await guarded({ config, slug }, "discovery", () => authorizationServerOf(config, signal));
  if (server.authorization_endpoint === undefined) {
    throw new AuthorizeError({
      outcome: "needs_auth",
      message: 'api.authorizationUrl is not set, so no one can sign in; add it (grant "authorization_code")',
      hint: "set api.authorizationUrl and api.grant in config.json",
    });
  }
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(server.authorization_endpoint);
  for (const [name, value] of Object.entries(config.authorizationParams ?? {})) url.searchParams.set(name, value);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", credential.clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  if (config.scopes.length > 0) url.searchParams.set("scope", config.scopes.join(" "));
  if (config.audience !== undefined) url.searchParams.set("audience", config.audience);
  if (config.resource !== undefined) url.searchParams.set("resource", config.resource);
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  return { url: url.href, state, codeVerifier, redirectUri };
}

/**
 * Completes the grant from the URL the browser was redirected to: checks the
 * `state`, exchanges the code with the PKCE verifier, and returns the
 * credential with the tokens added (the caller saves it). A refresh token kept
 * from an earlier sign-in stays when the server gives no new one (Google gives
 * one only on the first consent). A refused sign-in or a wrong `state` is an
 * `AuthorizeError` (`needs_auth`) saying what to do.
 */
export async function completeAuthorization({
  config,
  credential,
  slug,
  start,
  callbackUrl,
  now = () => new Date(),
  signal = new AbortController().signal,
}: {
  config: OAuth2Config;
  credential: OAuth2Credential;
  slug: string;
  start: AuthorizationStart;
  callbackUrl: URL;
  now?: () => Date;
  signal?: AbortSignal;
}): Promise<OAuth2Credential> {
  const endpoint = await guarded({ config, slug }, "discovery", () => tokenEndpointFor(config, credential, signal));
  let parameters: URLSearchParams;
  try {
    parameters = oauth.validateAuthResponse(endpoint.server, endpoint.client, callbackUrl.searchParams, start.state);
  } catch (error) {
    const refused =
      error instanceof oauth.AuthorizationResponseError
        ? error.error.replace(/[^\x21-\x7e]/g, "").slice(0, 64)
        : undefined;
    throw new AuthorizeError({
      outcome: "needs_auth",
      serverError: refused,
      message:
        refused === undefined
          ? "the sign-in redirect did not match this sign-in (wrong or missing state, or no code)"
          : `the authorization server refused the sign-in with "${refused}"`,
      hint: `run \`src auth login ${slug}\` again and finish the sign-in in the browser it opens`,
    });
  }
  const tokens = await requestAuthorizationCodeToken(
    { config, credential, slug, now, signal },
    { parameters, redirectUri: start.redirectUri, codeVerifier: start.codeVerifier },
  );
  return withIssuedTokens(credential, tokens);
}
