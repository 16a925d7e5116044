import { AUTH_ERROR_CODES, AuthError, type DiscoverConfigInput, type DiscoveredConfig } from "@src/auth";
import { isLoopbackUrl } from "../endpoint-url-schema";
import { grantTypeUri, type OAuth2Grant, OAUTH2_GRANTS } from "../oauth2-config-schema";
import { discoverAuthorizationServer } from "./discover-authorization-server";
import { probeProtectedResource } from "./probe-protected-resource";

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/** A discovered endpoint held to the rule for configured ones (https:, or http: on loopback); `undefined` when it breaks it. */
function usable(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || (parsed.protocol === "http:" && isLoopbackUrl(parsed)) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The URL of the test endpoint: the base URL's path, then the endpoint's. */
function testEndpointUrl(api: Readonly<Record<string, unknown>>): URL | undefined {
  const baseUrl = text(api.baseUrl);
  const testEndpoint = text(api.testEndpoint);
  if (baseUrl === undefined || testEndpoint === undefined) return undefined;
  try {
    return new URL(`${baseUrl.replace(/\/+$/, "")}${testEndpoint.startsWith("/") ? testEndpoint : `/${testEndpoint}`}`);
  } catch {
    return undefined;
  }
}

/**
 * The `oauth2` plugin's discovery at `src source add`: with `api.issuer`, the
 * endpoints, supported grants and PKCE methods from its metadata (RFC 8414 or
 * OpenID Connect discovery); without an issuer or a token URL, the test
 * endpoint is called without a credential and its 401's `WWW-Authenticate:
 * Bearer resource_metadata` (RFC 9728) leads to the issuer. Fields the
 * operator gave are kept; a grant the server does not offer is refused.
 */
export async function discoverOAuth2Config({
  api,
  signal,
}: DiscoverConfigInput): Promise<DiscoveredConfig | undefined> {
  const config: Record<string, unknown> = {};
  const notes: string[] = [];
  let issuer = text(api.issuer);
  let from: string;
  if (issuer === undefined) {
    if (api.tokenUrl !== undefined) return undefined;
    const url = testEndpointUrl(api);
    if (url === undefined) return undefined;
    const hint = await probeProtectedResource(url, signal).catch((error: unknown) => {
      if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) throw error;
      return undefined;
    });
    if (hint === undefined) return undefined;
    issuer = hint.authorizationServers[0]!;
    config.issuer = issuer;
    from = `the test endpoint's protected resource metadata (${hint.metadataUrl}, RFC 9728) and the metadata of the issuer ${issuer}`;
    if (hint.authorizationServers.length > 1)
      notes.push(
        `the API names ${hint.authorizationServers.length} authorization servers; the first, ${issuer}, is used (give --issuer for another)`,
      );
    const requested = Array.isArray(api.scopes) && api.scopes.length > 0;
    if (!requested && hint.scopesSupported !== undefined && hint.scopesSupported.length > 0)
      notes.push(
        `the API uses the scopes ${hint.scopesSupported.join(" ")}: request those the agent needs with --scope (none is requested now)`,
      );
  } else {
    from = `the metadata of the issuer ${issuer}`;
  }
  const metadata = await discoverAuthorizationServer(issuer, signal);
  const fill = (field: string, value: string | undefined) => {
    if (api[field] === undefined && usable(value) !== undefined) config[field] = value;
  };
  fill("tokenUrl", metadata.token_endpoint);
  fill("authorizationUrl", metadata.authorization_endpoint);
  fill("deviceAuthorizationUrl", metadata.device_authorization_endpoint);
  fill("revocationUrl", metadata.revocation_endpoint);
  if (api.tokenUrl === undefined && config.tokenUrl === undefined) {
    throw new AuthError({
      code: AUTH_ERROR_CODES.INVALID_CONFIG,
      message: `the issuer ${issuer} advertises no usable token endpoint (https:, or http: on a loopback address); give --token-url`,
    });
  }
  const advertised = metadata.grant_types_supported;
  // RFC 8414 2: without grant_types_supported, the default is authorization_code and implicit.
  const supported = advertised ?? ["authorization_code", "implicit"];
  const offered = OAUTH2_GRANTS.filter((grant) => supported.includes(grantTypeUri[grant]));
  if (advertised !== undefined) config.grantsSupported = [...advertised];
  const given = text(api.grant) as OAuth2Grant | undefined;
  let grant: OAuth2Grant;
  if (given !== undefined) {
    if (advertised !== undefined && OAUTH2_GRANTS.includes(given) && !advertised.includes(grantTypeUri[given])) {
      throw new AuthError({
        code: AUTH_ERROR_CODES.INVALID_CONFIG,
        message: `api.grant: the authorization server ${issuer} does not offer the ${given} grant; it offers ${offered.length === 0 ? "none src runs" : offered.join(", ")} (grant_types_supported)`,
      });
    }
    grant = given;
  } else if (!offered.includes("client_credentials") && offered.length > 0) {
    grant = offered.includes("authorization_code") ? "authorization_code" : offered[0]!;
    config.grant = grant;
    notes.push(
      `grant ${grant}: the server does not offer client_credentials (give --grant to choose another of ${offered.join(", ")})`,
    );
  } else {
    grant = "client_credentials";
  }
  if (grant === "authorization_code") {
    const methods = metadata.code_challenge_methods_supported;
    if (methods === undefined)
      notes.push(
        "the server does not say which PKCE methods it supports; src sends S256 (plain would put the verifier itself in the URL)",
      );
    else if (!methods.includes("S256"))
      notes.push(
        `the server advertises the PKCE methods ${methods.join(", ")} but not S256; src sends S256 anyway (plain would put the verifier itself in the URL)`,
      );
  }
  if (
    grant === "device_code" &&
    api.deviceAuthorizationUrl === undefined &&
    config.deviceAuthorizationUrl === undefined
  ) {
    throw new AuthError({
      code: AUTH_ERROR_CODES.INVALID_CONFIG,
      message: `api.grant: the issuer ${issuer} advertises no device authorization endpoint; give --set deviceAuthorizationUrl=URL or choose another grant`,
    });
  }
  const authMethods = metadata.token_endpoint_auth_methods_supported;
  if (
    api.clientAuth === undefined &&
    authMethods !== undefined &&
    !authMethods.includes("client_secret_basic") &&
    authMethods.includes("client_secret_post")
  ) {
    config.clientAuth = "client_secret_post";
    notes.push("client authentication client_secret_post: the server does not accept client_secret_basic");
  }
  return { config, from, notes };
}
