import { AuthorizeError } from "@src/auth";
import * as oauth from "oauth4webapi";
import { isLoopbackUrl } from "../endpoint-url-schema";

/** Options for a request to a loopback `http:` URL (tests, local servers); none for `https:`. */
export function insecureOptionsFor(url: URL): { [oauth.allowInsecureRequests]?: true } {
  return url.protocol === "http:" && isLoopbackUrl(url) ? { [oauth.allowInsecureRequests]: true } : {};
}

/**
 * The authorization server metadata of `issuer`: RFC 8414
 * (`/.well-known/oauth-authorization-server`, inserted before the issuer's
 * path), else OpenID Connect discovery (`/.well-known/openid-configuration`,
 * appended). oauth4webapi checks that the document names the same issuer.
 * An issuer that answers neither is an `AuthorizeError` naming both URLs.
 */
export async function discoverAuthorizationServer(
  issuer: string,
  signal: AbortSignal,
): Promise<oauth.AuthorizationServer> {
  const issuerUrl = new URL(issuer);
  const tried: string[] = [];
  let lastProblem = "";
  for (const algorithm of ["oauth2", "oidc"] as const) {
    try {
      const response = await oauth.discoveryRequest(issuerUrl, { algorithm, signal, ...insecureOptionsFor(issuerUrl) });
      tried.push(response.url === "" ? algorithm : response.url);
      if (response.status === 404 || response.status === 405) {
        await response.body?.cancel();
        lastProblem = `HTTP ${response.status}`;
        continue;
      }
      return await oauth.processDiscoveryResponse(issuerUrl, response);
    } catch (error) {
      if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError")) throw error;
      lastProblem =
        error instanceof oauth.OperationProcessingError && error.code === oauth.JSON_ATTRIBUTE_COMPARISON
          ? "its metadata names another issuer"
          : error instanceof oauth.OperationProcessingError
            ? "its answer is not authorization server metadata"
            : "it could not be reached";
      if (lastProblem === "it could not be reached") break;
    }
  }
  throw new AuthorizeError({
    outcome: "failed",
    message: `no OAuth 2.0 metadata found for the issuer ${issuerUrl.href} (${lastProblem}; tried RFC 8414 /.well-known/oauth-authorization-server and OpenID Connect /.well-known/openid-configuration)`,
    hint: "check api.issuer (the exact issuer the provider documents), or give api.tokenUrl and api.authorizationUrl instead",
  });
}
