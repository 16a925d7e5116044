import type { HostedOAuthOptions } from "../start-server";
import { hostedOAuthSettings, type HostedOAuthSettings } from "./hosted-oauth-settings";

/** The hosted OAuth settings of a server reached at `publicOrigin`, from `startServer`'s options: off, an identity provider's, or the embedded server. */
export function hostedOAuthSettingsOf(publicOrigin: string, oauthOptions: HostedOAuthOptions): HostedOAuthSettings {
  return hostedOAuthSettings(publicOrigin, {
    mode: oauthOptions.enabled === false ? "off" : oauthOptions.issuer !== undefined ? "issuer" : "embedded",
    issuer: oauthOptions.issuer,
    dynamicRegistration: oauthOptions.dynamicRegistration,
    allowLoopbackClients: oauthOptions.allowLoopbackClients,
    accessTokenTtlSeconds: oauthOptions.accessTokenTtlSeconds,
    codeTtlSeconds: oauthOptions.codeTtlSeconds,
  });
}
