import { AUTH_ERROR_CODES, AuthError } from "@src/auth";
import * as oauth from "oauth4webapi";
import { ForbiddenError } from "../errors/forbidden-error";
import { discoverIdentityProvider, isInsecureLoopbackIssuer } from "../hosted-oauth/discover-identity-provider";

/** The console's client at the team's identity provider (`--oauth-console-client-id`, `SRC_OAUTH_CONSOLE_CLIENT_SECRET`). */
export interface ConsoleClient {
  readonly clientId: string;
  /** Absent for a public client (PKCE alone). */
  readonly clientSecret?: string | undefined;
}

/** Options of `createIdentityProviderSignIn`. */
export interface IdentityProviderSignInOptions {
  /** The identity provider's issuer URL (`--oauth-issuer`). */
  readonly issuer: string;
  readonly client: ConsoleClient;
  /** Allow an http issuer on loopback (`--oauth-allow-loopback-clients`: development and tests). */
  readonly allowInsecureIssuer?: boolean;
}

/** What finishing a started sign-in needs: sealed with the rest of the sign-in in the shared store, never shown. */
export interface IdentityProviderPending {
  readonly codeVerifier: string;
  readonly nonce: string;
  readonly redirectUri: string;
}

/** A person's sign-in at the team's identity provider (OpenID Connect authorization code with PKCE and a nonce). */
export interface IdentityProviderSignIn {
  /** The authorization URL to send the browser to, its `state`, and what `complete` needs. */
  begin(redirectUri: string): Promise<{ url: string; state: string; pending: IdentityProviderPending }>;
  /**
   * Exchanges the redirect's code (with the PKCE verifier) and checks the ID token: its signature with the identity
   * provider's keys (`jwks_uri`), `iss`, `aud` (the console's client id), `exp`, `iat` and the nonce. Resolves with
   * its `sub`. Refused or failed sign-ins throw `AuthError` (`NEEDS_AUTH`, `AUTH_SERVER_FAILED`) or `ForbiddenError`.
   */
  complete(
    pending: IdentityProviderPending,
    callbackUrl: URL,
    state: string,
    signal: AbortSignal,
  ): Promise<{ subject: string }>;
}

/** How long one request to the identity provider may take. */
const requestTimeoutMs = 10_000;

/**
 * The console's sign-in of a person at the team's identity provider, with oauth4webapi (the library the server
 * already uses to discover the identity provider and the auth plugins use for OAuth 2.0): discovery (cached; a
 * failed one is tried again next time), an authorization URL with PKCE S256, `state` and `nonce`, scope `openid`;
 * then the code exchange, the ID token's claims (`processAuthorizationCodeResponse`) and its signature
 * (`validateApplicationLevelSignature`, with the keys of the provider's `jwks_uri`).
 */
export function createIdentityProviderSignIn(options: IdentityProviderSignInOptions): IdentityProviderSignIn {
  const issuerUrl = new URL(options.issuer);
  const insecure = isInsecureLoopbackIssuer(issuerUrl, options.allowInsecureIssuer === true);
  const requestOptions = insecure ? { [oauth.allowInsecureRequests]: true } : {};
  const client: oauth.Client = { client_id: options.client.clientId };
  const clientAuthentication =
    options.client.clientSecret === undefined ? oauth.None() : oauth.ClientSecretBasic(options.client.clientSecret);
  let discovered: Promise<oauth.AuthorizationServer> | undefined;

  const server = async (): Promise<oauth.AuthorizationServer> => {
    discovered ??= discoverIdentityProvider(issuerUrl, insecure);
    try {
      return await discovered;
    } catch (error) {
      discovered = undefined;
      throw new AuthError({
        code: AUTH_ERROR_CODES.AUTH_SERVER_FAILED,
        message: `the identity provider cannot be reached: ${(error as Error).message}; try again in a moment`,
      });
    }
  };

  return {
    async begin(redirectUri) {
      const as = await server();
      if (as.authorization_endpoint === undefined)
        throw new AuthError({
          code: AUTH_ERROR_CODES.AUTH_SERVER_FAILED,
          message: `the identity provider ${issuerUrl.href} names no authorization_endpoint in its metadata, so people cannot sign in there`,
        });
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const nonce = oauth.generateRandomNonce();
      const state = oauth.generateRandomState();
      const url = new URL(as.authorization_endpoint);
      url.searchParams.set("client_id", client.client_id);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", "openid");
      url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
      url.searchParams.set("code_challenge_method", "S256");
      url.searchParams.set("state", state);
      url.searchParams.set("nonce", nonce);
      return { url: url.href, state, pending: { codeVerifier, nonce, redirectUri } };
    },

    async complete(pending, callbackUrl, state, signal) {
      const as = await server();
      const timed = (): AbortSignal => AbortSignal.any([signal, AbortSignal.timeout(requestTimeoutMs)]);
      try {
        const parameters = oauth.validateAuthResponse(as, client, callbackUrl, state);
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuthentication,
          parameters,
          pending.redirectUri,
          pending.codeVerifier,
          { ...requestOptions, signal: timed() },
        );
        const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
          expectedNonce: pending.nonce,
          requireIdToken: true,
        });
        await oauth.validateApplicationLevelSignature(as, response, { ...requestOptions, signal: timed() });
        const claims = oauth.getValidatedIdTokenClaims(result);
        if (claims === undefined) throw new ForbiddenError({ message: "the identity provider gave no ID token" });
        return { subject: claims.sub };
      } catch (error) {
        throw problemOf(error);
      }
    },
  };
}

/** What a failed sign-in says, naming what went wrong (the provider's own error code, or the check that failed); never a code or token. */
function problemOf(error: unknown): Error {
  if (ForbiddenError.isInstance(error) || AuthError.isInstance(error)) return error;
  if (error instanceof oauth.AuthorizationResponseError || error instanceof oauth.ResponseBodyError) {
    const described = error.error_description === undefined ? "" : ` (${error.error_description})`;
    return new AuthError({
      code: AUTH_ERROR_CODES.NEEDS_AUTH,
      message: `the identity provider refused the sign-in: ${error.error}${described}; sign in again`,
    });
  }
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError)
    return new ForbiddenError({
      message: `the identity provider's answer did not pass its checks (${error.message}); sign in again, and tell the operator if it keeps failing`,
    });
  return new AuthError({
    code: AUTH_ERROR_CODES.AUTH_SERVER_FAILED,
    message: `the identity provider could not be reached: ${(error as Error).message}; try again in a moment`,
    cause: error,
  });
}
