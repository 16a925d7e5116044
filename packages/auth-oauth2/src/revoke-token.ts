import * as oauth from "oauth4webapi";
import type { OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";
import { tokenEndpointFor } from "./token-endpoint";

/** What revocation did. */
export type RevocationOutcome =
  { readonly revoked: "revoked" | "not-supported" } | { readonly revoked: "failed"; readonly message: string };

/**
 * Revokes the credential's refresh token (else its access token) at the
 * revocation endpoint (RFC 7009), configured or discovered; "not-supported"
 * when the server has none. Never throws: a server that cannot be reached is
 * "failed", with a message that names the host, never a token.
 */
export async function revokeTokens(
  config: OAuth2Config,
  credential: OAuth2Credential,
  signal: AbortSignal,
): Promise<RevocationOutcome> {
  const token = credential.refreshToken ?? credential.accessToken;
  if (token === undefined) return { revoked: "not-supported" };
  let host = config.revocationUrl ?? config.issuer ?? config.tokenUrl ?? "";
  try {
    const endpoint = await tokenEndpointFor(config, credential, signal, { needRevocation: true });
    if (endpoint.server.revocation_endpoint === undefined) return { revoked: "not-supported" };
    host = endpoint.server.revocation_endpoint;
    const response = await oauth.revocationRequest(endpoint.server, endpoint.client, endpoint.clientAuth, token, {
      ...endpoint.options(signal),
      additionalParameters: new URLSearchParams({
        token_type_hint: credential.refreshToken === undefined ? "access_token" : "refresh_token",
      }),
    });
    await oauth.processRevocationResponse(response);
    return { revoked: "revoked" };
  } catch (error) {
    const where = (() => {
      try {
        return new URL(host).host;
      } catch {
        return "the authorization server";
      }
    })();
    const why =
      error instanceof oauth.ResponseBodyError
        ? `it answered "${/^[\x21-\x7e]{1,64}$/.test(error.error) ? error.error : "an error"}" (HTTP ${error.status})`
        : error instanceof oauth.OperationProcessingError && error.cause instanceof Response
          ? `it answered HTTP ${error.cause.status}`
          : error instanceof oauth.OperationProcessingError
            ? "its answer was not a revocation response"
            : "it could not be reached";
    return {
      revoked: "failed",
      message: `the tokens could not be revoked at ${where}: ${why}; they are forgotten here, and expire at the server on their own (or revoke them in the provider's settings)`,
    };
  }
}
