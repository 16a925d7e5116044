import type { AuthSignIn } from "@src/auth";
import { completeAuthorization, startAuthorization } from "./authorization-code";
import type { OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";
import { withoutTokens } from "./oauth2-credential-schema";
import { describeOAuth2Status } from "./oauth2-status";

/** What `begin` keeps for `complete`: the PKCE verifier and the redirect URI (never shown). */
interface PendingCode {
  readonly codeVerifier: string;
  readonly redirectUri: string;
}

/** The person-facing lines of `src auth status`. */
function statusLines(slug: string, status: ReturnType<typeof describeOAuth2Status>): string[] {
  const lines = [`${slug}: OAuth 2.0 ${status.grant.replace("_", " ")}${status.scopes.length > 0 ? `, scopes ${status.scopes.join(" ")}` : ""}`];
  if (!status.hasCredential) return [...lines, `  no client id stored: store it with \`src credential set ${slug}\``];
  const expiry = status.accessTokenExpiresAt === null ? "" : ` until ${status.accessTokenExpiresAt}`;
  lines.push(`  access token: ${status.hasAccessToken ? `${status.accessTokenExpired ? "expired" : "valid"}${expiry}` : "none stored"}`);
  lines.push(`  refresh token: ${status.hasRefreshToken ? "stored" : "none"}`);
  if (!status.signedIn) lines.push(`  not signed in: run \`src auth login ${slug}\``);
  return lines;
}

/**
 * The `oauth2` sign-in: the authorization code grant with PKCE (S256) and a
 * random `state`, for sources with `grant: "authorization_code"`. `src auth
 * login` and the server's sign-in routes run it; the client credentials grant
 * needs no person.
 */
export const oauth2SignIn: AuthSignIn<OAuth2Config, OAuth2Credential> = {
  unavailable({ slug, config, credential }) {
    if (config.grant !== "authorization_code") return { reason: "not-needed", message: `source "${slug}" uses the client_credentials grant, which needs no sign-in` };
    if (credential === undefined) return { reason: "missing-credential", message: `no client id is stored for source "${slug}"` };
    return undefined;
  },
  async begin({ config, credential, redirectUri }) {
    const start = await startAuthorization({ config, credential, redirectUri });
    const pending: PendingCode = { codeVerifier: start.codeVerifier, redirectUri: start.redirectUri };
    return { url: start.url, awaits: "redirect", state: start.state, pending };
  },
  complete({ config, credential, slug, start, callbackUrl, now, signal }) {
    const { codeVerifier, redirectUri } = start.pending as PendingCode;
    return completeAuthorization({ config, credential, slug, start: { url: start.url, state: start.state, codeVerifier, redirectUri }, callbackUrl: callbackUrl ?? new URL(redirectUri), now, signal });
  },
  status({ slug, config, credential, now }) {
    const { signedIn, ...details } = describeOAuth2Status(config, credential, now());
    return { signedIn, details, lines: statusLines(slug, { signedIn, ...details }) };
  },
  signOut(credential) {
    return credential.accessToken === undefined && credential.refreshToken === undefined ? undefined : withoutTokens(credential);
  },
};
