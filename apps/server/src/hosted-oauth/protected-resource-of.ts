import type { SourceService } from "@src/service";
import type { ProtectedResource } from "../agent-tokens/authorize-caller";
import { sourceScope, type HostedOAuthSettings } from "./hosted-oauth-settings";
import { createIssuerTokenVerifier } from "./issuer-token-verifier";

/**
 * What `/mcp` protects with hosted OAuth: the settings, the scopes named in metadata and challenges (the embedded
 * server's one scope, or a source scope per enabled source for an identity provider) and, for an identity provider,
 * the check of its JWTs.
 */
export function protectedResourceOf(oauth: HostedOAuthSettings, service: SourceService): ProtectedResource {
  const scopes = async (): Promise<string[]> => {
    if (oauth.mode !== "issuer") return ["src"];
    const slugs = (await service.listSources()).flatMap((entry) =>
      entry.ok && entry.source.enabled ? [entry.slug] : [],
    );
    return slugs.flatMap((slug) => [sourceScope(slug, false), sourceScope(slug, true)]);
  };
  const issuerTokens =
    oauth.mode === "issuer"
      ? createIssuerTokenVerifier({
          issuer: oauth.issuer,
          audience: oauth.resource,
          allowInsecureIssuer: oauth.allowLoopbackClients,
        })
      : undefined;
  return { settings: oauth, scopes, issuerTokens };
}
