import * as oauth from "oauth4webapi";
import { isLoopbackUrl } from "./endpoint-url-schema";
import type { OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";

/** What oauth4webapi needs to talk to the source's authorization server. */
export interface TokenEndpoint {
  readonly server: oauth.AuthorizationServer;
  readonly client: oauth.Client;
  readonly clientAuth: oauth.ClientAuth;
  /** Per-request options: the abort signal, and plain http: allowed on loopback only. */
  options(signal: AbortSignal): oauth.TokenEndpointRequestOptions;
}

/**
 * The authorization server described by the config (no discovery: the token
 * and authorization URLs are configured) and the client from the credential.
 * The issuer is taken to be the token URL's origin; it is only compared with
 * an ID token's `iss` when a server sends one.
 */
export function tokenEndpointFor(config: OAuth2Config, credential: OAuth2Credential): TokenEndpoint {
  const tokenUrl = new URL(config.tokenUrl);
  const server: oauth.AuthorizationServer = {
    issuer: tokenUrl.origin,
    token_endpoint: config.tokenUrl,
    ...(config.authorizationUrl === undefined ? {} : { authorization_endpoint: config.authorizationUrl }),
  };
  const client: oauth.Client = { client_id: credential.clientId };
  const secret = credential.clientSecret ?? "";
  const clientAuth =
    config.clientAuth === "none" ? oauth.None() : config.clientAuth === "client_secret_post" ? oauth.ClientSecretPost(secret) : oauth.ClientSecretBasic(secret);
  const insecure = tokenUrl.protocol === "http:" && isLoopbackUrl(tokenUrl);
  return {
    server,
    client,
    clientAuth,
    options: (signal) => ({ signal, ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}) }),
  };
}

/** The extra token request parameters the config asks for: scope, audience, resource. */
export function tokenParameters(config: OAuth2Config, withScope: boolean): URLSearchParams {
  const parameters = new URLSearchParams();
  if (withScope && config.scopes.length > 0) parameters.set("scope", config.scopes.join(" "));
  if (config.audience !== undefined) parameters.set("audience", config.audience);
  if (config.resource !== undefined) parameters.set("resource", config.resource);
  return parameters;
}
