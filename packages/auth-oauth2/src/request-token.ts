import { AuthorizeError, traceTokenRequest, type TokenRequestEvent } from "@src/auth";
import * as oauth from "oauth4webapi";
import type { OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";
import { type TokenEndpoint, tokenEndpointFor, tokenParameters } from "./token-endpoint";
import { tokenError } from "./token-error";

/** The tokens one token response gave, in the credential's terms. */
export interface IssuedTokens {
  readonly accessToken: string;
  /** Epoch milliseconds, when the server gave `expires_in` (GitHub's tokens have none: they live until refused). */
  readonly expiresAt: number | undefined;
  /** The refresh token issued with it, when there is one (a rotated one replaces the old). */
  readonly refreshToken: string | undefined;
  /** The scopes granted, when the server said. */
  readonly grantedScopes: string[] | undefined;
}

/** What every token request needs. */
export interface TokenRequestInput {
  readonly config: OAuth2Config;
  readonly credential: OAuth2Credential;
  readonly slug: string;
  readonly now: () => Date;
  readonly signal: AbortSignal;
  /** Told how each token request ended (the call's auth runtime: `tokenRequestReporterOf(context)`). Default: nobody. */
  readonly report?: ((event: TokenRequestEvent) => void) | undefined;
}

/** The scopes of a `scope` answer: space-separated (RFC 6749), or comma-separated as GitHub writes them. */
export function scopesOf(scope: string): string[] {
  return scope.split(/[\s,]+/).filter((item) => item !== "");
}

function issued(response: oauth.TokenEndpointResponse, now: () => Date): IssuedTokens {
  if (response.token_type.toLowerCase() !== "bearer") {
    throw new oauth.UnsupportedOperationError(
      `token_type "${response.token_type}" is not supported; only Bearer tokens are`,
    );
  }
  const expiresIn =
    typeof response.expires_in === "number" && response.expires_in > 0 ? response.expires_in : undefined;
  return {
    accessToken: response.access_token,
    expiresAt: expiresIn === undefined ? undefined : now().getTime() + expiresIn * 1000,
    refreshToken: response.refresh_token,
    grantedScopes: typeof response.scope === "string" ? scopesOf(response.scope) : undefined,
  };
}

/** Runs a request to the authorization server and maps whatever fails to an `AuthorizeError` (see `tokenError`). */
export async function guarded<T>(
  input: Pick<TokenRequestInput, "config" | "slug">,
  what: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw tokenError(error, input.config, input.slug, what);
  }
}

/**
 * How long a token request (with the discovery it may need) may take: an authorization server that never answers
 * must not hold the call, the validation or the sign-in for as long as it likes. 30 s (a test may shorten it here;
 * nothing else changes it).
 */
export const tokenRequestDeadline = { ms: 30_000 };

/**
 * One token request in its span, reported to the runtime; every failure turned into an `AuthorizeError` saying what
 * to do. `run` is given the request's signal: the caller's, ended too after `tokenRequestDeadline.ms`.
 */
function tracedTokenRequest<T>(
  input: TokenRequestInput,
  grant: string,
  what: string,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  // With only api.issuer set, the token URL is discovered: the span names the issuer's host instead.
  const tokenUrl = input.config.tokenUrl ?? input.config.issuer ?? "";
  const deadline = AbortSignal.timeout(tokenRequestDeadline.ms);
  const signal = AbortSignal.any([input.signal, deadline]);
  return traceTokenRequest({ slug: input.slug, grant, tokenUrl, report: input.report }, () =>
    guarded(input, what, async () => {
      try {
        return await run(signal);
      } catch (error) {
        if (!deadline.aborted || input.signal.aborted) throw error;
        const host = URL.canParse(tokenUrl) ? new URL(tokenUrl).host : "of the source";
        throw new AuthorizeError({
          outcome: "failed",
          message: `the authorization server ${host} did not answer the ${what} within ${tokenRequestDeadline.ms / 1000} s`,
          hint: `check that it is up and reachable, then try again; api.tokenUrl (or api.issuer) of source "${input.slug}" says where it is`,
        });
      }
    }),
  );
}

/**
 * The options of a token request that carries no scope (refresh, authorization code, device code: the scope was
 * asked for when the grant began): the endpoint's, with the config's audience and resource.
 */
function unscopedRequestOptions(
  endpoint: TokenEndpoint,
  input: TokenRequestInput,
  signal: AbortSignal = input.signal,
): oauth.TokenEndpointRequestOptions {
  return { ...endpoint.options(signal), additionalParameters: tokenParameters(input.config, false) };
}

/** Client credentials grant (RFC 6749 4.4), with the configured scope, audience and resource. */
export function requestClientCredentialsToken(input: TokenRequestInput): Promise<IssuedTokens> {
  return tracedTokenRequest(input, "client_credentials", "client credentials token request", async (signal) => {
    const endpoint = await tokenEndpointFor(input.config, input.credential, signal);
    const response = await oauth.clientCredentialsGrantRequest(
      endpoint.server,
      endpoint.client,
      endpoint.clientAuth,
      tokenParameters(input.config, true),
      endpoint.options(signal),
    );
    return issued(await oauth.processClientCredentialsResponse(endpoint.server, endpoint.client, response), input.now);
  });
}

/** Refresh token grant (RFC 6749 6): a new access token, and a rotated refresh token when the server rotates. */
export function requestRefreshedToken(input: TokenRequestInput, refreshToken: string): Promise<IssuedTokens> {
  return tracedTokenRequest(input, "refresh_token", "refresh token request", async (signal) => {
    const endpoint = await tokenEndpointFor(input.config, input.credential, signal);
    const response = await oauth.refreshTokenGrantRequest(
      endpoint.server,
      endpoint.client,
      endpoint.clientAuth,
      refreshToken,
      unscopedRequestOptions(endpoint, input, signal),
    );
    const tokens = issued(
      await oauth.processRefreshTokenResponse(endpoint.server, endpoint.client, response),
      input.now,
    );
    return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
  });
}

/** Authorization code grant (RFC 6749 4.1) with the PKCE verifier (RFC 7636), from the redirect's parameters. */
export function requestAuthorizationCodeToken(
  input: TokenRequestInput,
  callback: { readonly parameters: URLSearchParams; readonly redirectUri: string; readonly codeVerifier: string },
): Promise<IssuedTokens> {
  return tracedTokenRequest(input, "authorization_code", "authorization code exchange", async (signal) => {
    const endpoint = await tokenEndpointFor(input.config, input.credential, signal);
    const response = await oauth.authorizationCodeGrantRequest(
      endpoint.server,
      endpoint.client,
      endpoint.clientAuth,
      callback.parameters,
      callback.redirectUri,
      callback.codeVerifier,
      unscopedRequestOptions(endpoint, input, signal),
    );
    return issued(await oauth.processAuthorizationCodeResponse(endpoint.server, endpoint.client, response), input.now);
  });
}

/** One device access token request (RFC 8628 3.4); `authorization_pending`, `slow_down` and the rest come back as `ResponseBodyError`s, for the caller to read. */
export async function requestDeviceCodeToken(input: TokenRequestInput, deviceCode: string): Promise<IssuedTokens> {
  const endpoint = await tokenEndpointFor(input.config, input.credential, input.signal);
  const response = await oauth.deviceCodeGrantRequest(
    endpoint.server,
    endpoint.client,
    endpoint.clientAuth,
    deviceCode,
    unscopedRequestOptions(endpoint, input),
  );
  return issued(await oauth.processDeviceCodeResponse(endpoint.server, endpoint.client, response), input.now);
}
