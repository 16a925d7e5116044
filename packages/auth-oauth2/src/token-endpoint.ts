import * as oauth from "oauth4webapi";
import { discoverAuthorizationServer } from "./discovery/discover-authorization-server";
import { isLoopbackUrl } from "./endpoint-url-schema";
import { normalizeTokenResponse } from "./normalize-token-response";
import type { OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";

/** What oauth4webapi needs to talk to the source's authorization server. */
export interface TokenEndpoint {
  readonly server: oauth.AuthorizationServer;
  readonly client: oauth.Client;
  readonly clientAuth: oauth.ClientAuth;
  /** Per-request options: the abort signal, plain http: allowed on loopback only, and the answer normalised. */
  options(signal: AbortSignal): oauth.TokenEndpointRequestOptions;
}

/** Discovered metadata is kept this long per process (the endpoints rarely move). */
const discoveryLifetimeMs = 600_000;
const discovered = new Map<string, { server: oauth.AuthorizationServer; until: number }>();

/** The issuer's metadata, from this process's cache when fresh. */
async function metadataOf(issuer: string, signal: AbortSignal): Promise<oauth.AuthorizationServer> {
  const cached = discovered.get(issuer);
  if (cached !== undefined && cached.until > Date.now()) return cached.server;
  const server = await discoverAuthorizationServer(issuer, signal);
  discovered.set(issuer, { server, until: Date.now() + discoveryLifetimeMs });
  return server;
}

/** Whether the config names every endpoint its grant and logout use, so no discovery is needed. */
function configured(config: OAuth2Config): boolean {
  if (config.tokenUrl === undefined) return false;
  if (config.grant === "authorization_code" && config.authorizationUrl === undefined) return false;
  if (config.grant === "device_code" && config.deviceAuthorizationUrl === undefined) return false;
  return true;
}

/**
 * The authorization server of the config: the configured endpoints, the rest
 * from the issuer's metadata (discovered once per process) when `api.issuer` is
 * set. The issuer is `api.issuer` when set (ID tokens are checked against it),
 * else the token URL's origin, and then an ID token in an answer is set aside
 * unread: src never uses it and has no issuer to check it against.
 */
export async function authorizationServerOf(
  config: OAuth2Config,
  signal: AbortSignal,
  { needRevocation = false } = {},
): Promise<{ server: oauth.AuthorizationServer; checksIdTokens: boolean }> {
  const metadata =
    config.issuer !== undefined && (!configured(config) || (needRevocation && config.revocationUrl === undefined))
      ? await metadataOf(config.issuer, signal)
      : undefined;
  const tokenUrl = config.tokenUrl ?? metadata?.token_endpoint;
  if (tokenUrl === undefined)
    throw new oauth.UnsupportedOperationError(
      `the issuer ${config.issuer ?? ""} advertises no token endpoint; set api.tokenUrl`,
    );
  const pick = (given: string | undefined, found: string | undefined) =>
    given ?? (found === undefined ? undefined : checkedEndpoint(found, config.issuer ?? ""));
  checkedEndpoint(tokenUrl, config.issuer ?? "");
  const authorization = pick(config.authorizationUrl, metadata?.authorization_endpoint);
  const device = pick(config.deviceAuthorizationUrl, metadata?.device_authorization_endpoint);
  const revocation = pick(config.revocationUrl, metadata?.revocation_endpoint);
  return {
    server: {
      ...(metadata ?? {}),
      issuer: config.issuer ?? new URL(tokenUrl).origin,
      token_endpoint: tokenUrl,
      ...(authorization === undefined ? {} : { authorization_endpoint: authorization }),
      ...(device === undefined ? {} : { device_authorization_endpoint: device }),
      ...(revocation === undefined ? {} : { revocation_endpoint: revocation }),
    },
    checksIdTokens: config.issuer !== undefined,
  };
}

/** A discovered endpoint, held to the rule configured ones follow: https:, or http: on a loopback address. */
function checkedEndpoint(url: string, issuer: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new oauth.UnsupportedOperationError(
      `the metadata of the issuer ${issuer} names an endpoint that is not a URL`,
    );
  }
  if (parsed.protocol !== "https:" && !isLoopbackUrl(parsed)) {
    throw new oauth.UnsupportedOperationError(
      `the metadata of the issuer ${issuer} names an endpoint on plain http: (${parsed.origin}); src sends credentials only over https: (or http: on a loopback address)`,
    );
  }
  return url;
}

/** The client authentication the config names, with the credential's secret. */
function clientAuthOf(config: OAuth2Config, credential: OAuth2Credential): oauth.ClientAuth {
  const secret = credential.clientSecret ?? "";
  return config.clientAuth === "none"
    ? oauth.None()
    : config.clientAuth === "client_secret_post"
      ? oauth.ClientSecretPost(secret)
      : oauth.ClientSecretBasic(secret);
}

/** The source's authorization server (see `authorizationServerOf`) and the client from the credential. */
export async function tokenEndpointFor(
  config: OAuth2Config,
  credential: OAuth2Credential,
  signal: AbortSignal,
  options: { needRevocation?: boolean } = {},
): Promise<TokenEndpoint> {
  const { server, checksIdTokens } = await authorizationServerOf(config, signal, options);
  const client: oauth.Client = { client_id: credential.clientId };
  const endpoints = [
    server.token_endpoint,
    server.authorization_endpoint,
    server.device_authorization_endpoint,
    server.revocation_endpoint,
  ].filter((url): url is string => url !== undefined);
  const insecure = endpoints.some((url) => new URL(url).protocol === "http:");
  const normalizing = async (url: string, init: RequestInit) =>
    normalizeTokenResponse(await fetch(url, init), { dropIdToken: !checksIdTokens });
  return {
    server,
    client,
    clientAuth: clientAuthOf(config, credential),
    options: (requestSignal) => ({
      signal: requestSignal,
      ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
      [oauth.customFetch]: normalizing,
    }),
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
