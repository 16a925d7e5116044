import * as oauth from "oauth4webapi";

/** Whether a URL is on loopback (an identity provider on loopback may be http, for development and tests). */
export const isLoopbackUrl = (url: URL): boolean =>
  ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname) || /^127\./.test(url.hostname);

/** Whether the identity provider of `issuerUrl` may be reached over http: `allowInsecure` and an http loopback issuer. */
export const isInsecureLoopbackIssuer = (issuerUrl: URL, allowInsecure: boolean): boolean =>
  allowInsecure && issuerUrl.protocol === "http:" && isLoopbackUrl(issuerUrl);

/**
 * The identity provider's metadata, discovered with oauth4webapi: OpenID Connect discovery, then RFC 8414. `insecure`
 * lets an http loopback issuer through (`--oauth-allow-loopback-clients`). Throws an `Error` saying what failed.
 */
export async function discoverIdentityProvider(issuerUrl: URL, insecure: boolean): Promise<oauth.AuthorizationServer> {
  const requestOptions = insecure ? { [oauth.allowInsecureRequests]: true } : {};
  let lastError: unknown;
  for (const algorithm of ["oidc", "oauth2"] as const) {
    try {
      return await oauth.processDiscoveryResponse(
        issuerUrl,
        await oauth.discoveryRequest(issuerUrl, {
          ...requestOptions,
          algorithm,
          signal: AbortSignal.timeout(10_000),
        }),
      );
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(
    `could not discover the identity provider ${issuerUrl.href}: ${(lastError as Error | undefined)?.message ?? "no metadata"}`,
  );
}
