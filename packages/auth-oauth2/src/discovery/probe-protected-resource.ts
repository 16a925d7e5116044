import * as oauth from "oauth4webapi";
import { isLoopbackUrl } from "../endpoint-url-schema";

/** What a protected resource said about its authorization servers (RFC 9728). */
export interface ProtectedResourceHint {
  /** The resource's metadata URL (from `WWW-Authenticate: Bearer resource_metadata="…"`). */
  readonly metadataUrl: string;
  /** The issuers it names, first the one to use. */
  readonly authorizationServers: readonly string[];
  /** The scopes it says it uses, when it says. */
  readonly scopesSupported: readonly string[] | undefined;
}

/** The `WWW-Authenticate` challenges of a response, parsed by oauth4webapi (it throws them as the cause of its error). */
async function challengesOf(response: Response): Promise<readonly oauth.WWWAuthenticateChallenge[]> {
  try {
    await oauth.processRevocationResponse(response);
  } catch (error) {
    if (error instanceof oauth.WWWAuthenticateChallengeError) return error.cause;
  }
  return [];
}

/**
 * Calls `url` without a credential (the source's test endpoint): a 401 whose
 * `WWW-Authenticate: Bearer` challenge has `resource_metadata` (RFC 9728)
 * leads to the protected resource metadata, and from it to its
 * authorization servers. The metadata must describe a resource on the same
 * origin as `url`, at or above its path. `undefined` when the API says nothing.
 */
export async function probeProtectedResource(
  url: URL,
  signal: AbortSignal,
): Promise<ProtectedResourceHint | undefined> {
  const response = await fetch(url, {
    method: "GET",
    redirect: "manual",
    signal,
    headers: { accept: "application/json" },
  });
  if (response.status !== 401) {
    await response.body?.cancel();
    return undefined;
  }
  const challenge = (await challengesOf(response)).find(
    (item) => item.scheme === "bearer" && typeof item.parameters.resource_metadata === "string",
  );
  const metadataText = challenge?.parameters.resource_metadata;
  if (metadataText === undefined) return undefined;
  let metadataUrl: URL;
  try {
    metadataUrl = new URL(metadataText);
  } catch {
    return undefined;
  }
  if (metadataUrl.protocol !== "https:" && !isLoopbackUrl(metadataUrl)) return undefined;
  const metadataResponse = await fetch(metadataUrl, {
    headers: { accept: "application/json" },
    redirect: "manual",
    signal,
  });
  // The resource it names, checked against the URL probed (RFC 9728 7.3), then the document read by oauth4webapi.
  const claimed = (await metadataResponse
    .clone()
    .json()
    .catch(() => undefined)) as { resource?: unknown } | undefined;
  if (typeof claimed?.resource !== "string") return undefined;
  let resource: URL;
  try {
    resource = new URL(claimed.resource);
  } catch {
    return undefined;
  }
  const basePath = resource.pathname.endsWith("/") ? resource.pathname : `${resource.pathname}/`;
  if (
    resource.origin !== url.origin ||
    !(url.pathname === resource.pathname || url.pathname.startsWith(basePath) || resource.pathname === "/")
  )
    return undefined;
  const metadata = await oauth.processResourceDiscoveryResponse(resource, metadataResponse);
  const servers = (metadata.authorization_servers ?? []).filter((server) => typeof server === "string");
  if (servers.length === 0) return undefined;
  return { metadataUrl: metadataUrl.href, authorizationServers: servers, scopesSupported: metadata.scopes_supported };
}
