import type { Logger } from "pino";
import type { HostedOAuthSettings } from "./hosted-oauth/hosted-oauth-settings";

/** What `warnOfStartSettings` looks at, known once the server listens. */
export interface StartSettings {
  /** The listening address. */
  readonly url: string;
  readonly oauthMode: HostedOAuthSettings["mode"];
  /** No `--public-url`, and a listening address off loopback. */
  readonly publicUrlMissing: boolean;
  /** No `--public-url` on every interface: the links people open name the address each request came to. */
  readonly linksFollowHost: boolean;
  /** Whether `--oauth-console-client-id` was given. */
  readonly consoleClient: boolean;
}

/**
 * The start-up warnings of settings that leave something to the operator: hosted agents without the server's https
 * address, people's links without one address to name, people who cannot sign in at the identity provider.
 */
export function warnOfStartSettings(logger: Logger, settings: StartSettings): void {
  const { url, oauthMode } = settings;
  if (oauthMode !== "off" && settings.publicUrlMissing) {
    logger.warn(
      { event: "public_url_missing", url },
      "hosted agents need the server's https address: start it with --public-url https://... (OAuth metadata names the listening address until then)",
    );
  }
  if (settings.linksFollowHost) {
    logger.warn(
      { event: "links_follow_host", url },
      "connect links and sign-in redirect URIs name the address each request came to (its Host header), since no browser opens the listening address: start with --public-url https://... so they name the one address people open",
    );
  }
  if (oauthMode === "issuer" && !settings.consoleClient) {
    logger.warn(
      { event: "person_sign_in_off" },
      "people cannot sign in at the identity provider here, so connect links for its users (idp:SUB) are refused and My connections opens only after a connect: give the console's client at the identity provider with --oauth-console-client-id (its secret in SRC_OAUTH_CONSOLE_CLIENT_SECRET, its redirect URI <public URL>/v1/auth/callback); src credential set SLUG --principal idp:SUB sets a person's credential meanwhile",
    );
  }
}
