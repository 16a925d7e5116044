import type { OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";

/** What `src auth status` shows: never a token value. */
export interface OAuth2Status {
  /** Whether a credential (at least the client id) is stored. */
  readonly hasCredential: boolean;
  readonly grant: OAuth2Config["grant"];
  /** The scopes configured. */
  readonly scopes: string[];
  /** The scopes the server granted, when it said. */
  readonly grantedScopes: string[] | null;
  /** Scopes requested that the server did not grant (a narrower answer); empty when it granted them all or did not say. */
  readonly scopesNotGranted: string[];
  /** Whether an access token is stored. */
  readonly hasAccessToken: boolean;
  /** When the stored access token expires (ISO 8601), or null. */
  readonly accessTokenExpiresAt: string | null;
  /** Whether the stored access token is expired at `now`. */
  readonly accessTokenExpired: boolean;
  /** Whether a refresh token is stored. */
  readonly hasRefreshToken: boolean;
  /** Whether a call can get a token without a person: a token, a refresh token, or the client credentials grant. */
  readonly signedIn: boolean;
}

/** The source's OAuth 2.0 status from its config and stored credential (`undefined` when none is stored). */
export function describeOAuth2Status(
  config: OAuth2Config,
  credential: OAuth2Credential | undefined,
  now: Date = new Date(),
): OAuth2Status {
  if (credential === undefined) {
    return {
      hasCredential: false,
      grant: config.grant,
      scopes: config.scopes,
      grantedScopes: null,
      scopesNotGranted: [],
      hasAccessToken: false,
      accessTokenExpiresAt: null,
      accessTokenExpired: false,
      hasRefreshToken: false,
      signedIn: false,
    };
  }
  const expired = credential.expiresAt !== undefined && credential.expiresAt <= now.getTime();
  const hasAccessToken = credential.accessToken !== undefined;
  const hasRefreshToken = credential.refreshToken !== undefined;
  return {
    hasCredential: true,
    grant: config.grant,
    scopes: config.scopes,
    grantedScopes: credential.grantedScopes ?? null,
    scopesNotGranted:
      credential.grantedScopes === undefined
        ? []
        : config.scopes.filter((scope) => !credential.grantedScopes!.includes(scope)),
    hasAccessToken,
    accessTokenExpiresAt: credential.expiresAt === undefined ? null : new Date(credential.expiresAt).toISOString(),
    accessTokenExpired: hasAccessToken && expired,
    hasRefreshToken,
    signedIn: config.grant === "client_credentials" || hasRefreshToken || (hasAccessToken && !expired),
  };
}
