import { AuthorizeError } from "@src/auth";
import * as oauth from "oauth4webapi";
import { idTokenError } from "./id-token-error";
import type { OAuth2Config } from "./oauth2-config-schema";

/** Token endpoint `error` codes that mean the operator must act (the credential or the grant was refused). */
const refusedCodes = new Set([
  "invalid_client",
  "unauthorized_client",
  "invalid_grant",
  "invalid_scope",
  "access_denied",
  "unsupported_grant_type",
]);

/** What to run to fix a refused credential or grant (`again`: false for a source that was never signed in). */
export function signInHint(config: OAuth2Config, slug: string, again = true): string {
  return config.grant !== "client_credentials"
    ? `run \`src auth login ${slug}\` to sign in${again ? " again" : ""} (or POST /v1/sources/${slug}/auth/login)`
    : `check the client id and secret and the api.scopes, then store them again with \`src credential set ${slug}\``;
}

/**
 * Maps what oauth4webapi threw at the token endpoint to an `AuthorizeError`:
 * a refusal (`invalid_client`, `invalid_grant` …) is `needs_auth` with the
 * server's code and a hint; an unreachable server, a 5xx or an unusable answer
 * is `failed`. Cancellation is passed through unchanged. No secret in the message.
 */
export function tokenError(error: unknown, config: OAuth2Config, slug: string, what: string): unknown {
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) return error;
  if (AuthorizeError.isInstance(error)) return error;
  if (error instanceof oauth.UnsupportedOperationError && /metadata of the issuer|advertises no/.test(error.message)) {
    return new AuthorizeError({
      outcome: "failed",
      message: error.message,
      hint: `check api.issuer of source "${slug}", or set the endpoints (api.tokenUrl …) yourself`,
    });
  }
  const tokenHost = new URL(config.tokenUrl ?? config.issuer ?? "https://authorization-server.invalid").host;
  if (error instanceof oauth.ResponseBodyError) {
    const code = /^[\x21-\x7e]{1,64}$/.test(error.error) ? error.error : "invalid_response";
    if (error.status < 500 && refusedCodes.has(code)) {
      return new AuthorizeError({
        outcome: "needs_auth",
        serverError: code,
        message: `the authorization server ${tokenHost} refused the ${what} with "${code}" (HTTP ${error.status})`,
        hint: signInHint(config, slug),
        cause: error,
      });
    }
    return new AuthorizeError({
      outcome: "failed",
      serverError: code,
      message: `the authorization server ${tokenHost} answered the ${what} with "${code}" (HTTP ${error.status})`,
      hint:
        error.status >= 500
          ? "the authorization server failed; try again later"
          : `check api.tokenUrl, api.clientAuth and api.scopes of source "${slug}"`,
      cause: error,
    });
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    return new AuthorizeError({
      outcome: "needs_auth",
      serverError: "invalid_client",
      message: `the authorization server ${tokenHost} refused the client for the ${what} (HTTP ${error.status})`,
      hint: signInHint(config, slug),
      cause: error,
    });
  }
  if (error instanceof oauth.OperationProcessingError && error.cause instanceof Response) {
    const status = error.cause.status;
    return new AuthorizeError({
      outcome: "failed",
      message: `the authorization server ${tokenHost} answered the ${what} with HTTP ${status}`,
      hint:
        status >= 500 ? "the authorization server failed; try again later" : `check api.tokenUrl of source "${slug}"`,
    });
  }
  const idToken = idTokenError(error, config, slug, tokenHost, what);
  if (idToken !== undefined) return idToken;
  const unusable = error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError;
  return new AuthorizeError({
    outcome: "failed",
    message: unusable
      ? `the authorization server ${tokenHost} gave an answer to the ${what} that is not a valid OAuth 2.0 token response`
      : `the authorization server ${tokenHost} could not be reached for the ${what}`,
    hint: unusable
      ? `check api.tokenUrl of source "${slug}"`
      : "check that the authorization server is up and reachable, then try again",
    // No cause: a response that failed validation may still hold a token.
  });
}
