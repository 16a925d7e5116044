import type { AuthSignIn, SignInStart } from "@src/auth";
import * as oauth from "oauth4webapi";
import { completeAuthorization, startAuthorization } from "./authorization-code";
import { pollDeviceToken, startDeviceAuthorization } from "./device-code";
import type { OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";
import { withoutTokens } from "./oauth2-credential-schema";
import { describeOAuth2Status } from "./oauth2-status";
import { revokeTokens } from "./revoke-token";

/** What `begin` keeps for `complete` (authorization code) or `poll` (device code): never shown, sealed when stored. */
type PendingSignIn =
  | { readonly grant: "authorization_code"; readonly codeVerifier: string; readonly redirectUri: string }
  | { readonly grant: "device_code"; readonly deviceCode: string };

/** The person-facing lines of `src auth status`. */
function statusLines(slug: string, status: ReturnType<typeof describeOAuth2Status>): string[] {
  const lines = [
    `${slug}: OAuth 2.0 ${status.grant.replaceAll("_", " ")}${status.scopes.length > 0 ? `, scopes ${status.scopes.join(" ")}` : ""}`,
  ];
  if (!status.hasCredential) return [...lines, `  no client id stored: store it with \`src credential set ${slug}\``];
  const expiry =
    status.accessTokenExpiresAt === null
      ? status.hasAccessToken
        ? " (no expiry given: until the API refuses it)"
        : ""
      : ` until ${status.accessTokenExpiresAt}`;
  lines.push(
    `  access token: ${status.hasAccessToken ? `${status.accessTokenExpired ? "expired" : "valid"}${expiry}` : "none stored"}`,
  );
  lines.push(`  refresh token: ${status.hasRefreshToken ? "stored" : "none"}`);
  if (status.grantedScopes !== null) {
    lines.push(
      `  granted scopes: ${status.grantedScopes.length === 0 ? "none named" : status.grantedScopes.join(" ")}${status.scopesNotGranted.length > 0 ? ` (narrower than requested: not ${status.scopesNotGranted.join(" ")})` : ""}`,
    );
  }
  if (!status.signedIn) lines.push(`  not signed in: run \`src auth login ${slug}\``);
  return lines;
}

/**
 * The `oauth2` sign-in, for sources whose grant needs a person: the
 * authorization code grant with PKCE (S256) and a random `state` (a browser
 * comes back to the redirect URI), or the device authorization grant (RFC
 * 8628: a code typed on another device, then polled). `src auth login` and the
 * server's sign-in routes run it; the client credentials grant needs no person.
 */
export const oauth2SignIn: AuthSignIn<OAuth2Config, OAuth2Credential> = {
  unavailable({ slug, config, credential }) {
    if (config.grant === "client_credentials")
      return {
        reason: "not-needed",
        message: `source "${slug}" uses the client_credentials grant, which needs no sign-in`,
      };
    if (credential === undefined)
      return { reason: "missing-credential", message: `no client id is stored for source "${slug}"` };
    return undefined;
  },
  async begin({ slug, config, credential, redirectUri, now, signal }) {
    if (config.grant === "device_code") {
      const device = await startDeviceAuthorization({ config, credential, slug, now, signal });
      const pending: PendingSignIn = { grant: "device_code", deviceCode: device.deviceCode };
      return {
        url: device.verificationUri,
        userCode: device.userCode,
        urlComplete: device.verificationUriComplete,
        awaits: "poll",
        intervalSeconds: device.intervalSeconds,
        expiresAt: device.expiresAt,
        state: oauth.generateRandomState(),
        pending,
      };
    }
    const start = await startAuthorization({ config, credential, redirectUri, slug, signal });
    const pending: PendingSignIn = {
      grant: "authorization_code",
      codeVerifier: start.codeVerifier,
      redirectUri: start.redirectUri,
    };
    return { url: start.url, awaits: "redirect", state: start.state, pending };
  },
  complete({ config, credential, slug, start, callbackUrl, now, signal }) {
    const { codeVerifier, redirectUri } = start.pending as Extract<PendingSignIn, { grant: "authorization_code" }>;
    return completeAuthorization({
      config,
      credential,
      slug,
      start: { url: start.url, state: start.state, codeVerifier, redirectUri },
      callbackUrl: callbackUrl ?? new URL(redirectUri),
      now,
      signal,
    });
  },
  async poll({ config, credential, slug, start, now, signal }) {
    const { deviceCode } = start.pending as Extract<PendingSignIn, { grant: "device_code" }>;
    const result = await pollDeviceToken(
      { config, credential, slug, now, signal },
      { deviceCode, intervalSeconds: start.intervalSeconds ?? 5 },
    );
    if (result.done) return { done: true, credential: result.credential };
    const next: SignInStart = { ...start, intervalSeconds: result.intervalSeconds };
    return { done: false, start: next };
  },
  status({ slug, config, credential, now }) {
    const { signedIn, ...details } = describeOAuth2Status(config, credential, now());
    return { signedIn, details, lines: statusLines(slug, { signedIn, ...details }) };
  },
  async signOut({ config, credential, signal }) {
    if (credential.accessToken === undefined && credential.refreshToken === undefined) return undefined;
    const revocation = await revokeTokens(config, credential, signal);
    return { credential: withoutTokens(credential), ...revocation };
  },
};
