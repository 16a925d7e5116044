import type { AuthContext } from "@src/auth";
import { AuthorizeError, tokenRequestReporterOf } from "@src/auth";
import type { OAuth2Config } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";
import type { IssuedTokens } from "./request-token";
import { requestClientCredentialsToken, requestRefreshedToken } from "./request-token";
import { signInHint } from "./token-error";

/** An access token is renewed this long before it expires, so it never expires in flight. */
export const defaultExpiryMarginMs = 30_000;

/** What one process remembers per source, in the session cache. */
interface SessionTokens {
  readonly accessToken: string;
  readonly expiresAt: number | undefined;
  /** The refresh token this process holds now (rotated ones replace the old). */
  readonly refreshToken: string | undefined;
  /** The refresh token the stored credential had when this process last rotated it: seeing it again means the vault copy is older than ours. */
  readonly replacedRefreshToken: string | undefined;
  /** When this process obtained them (epoch milliseconds): a sign-out since (`signedOutAt`) makes them forgotten. */
  readonly obtainedAt: number;
}

/** Access tokens a 401 proved bad: never sent again, even while the stored credential still holds them. */
const rejectedKey = "oauth2:rejected";
type OAuth2Context = AuthContext<OAuth2Config, OAuth2Credential>;

function sessionKey(context: OAuth2Context): string {
  return `oauth2:${context.config.tokenUrl ?? context.config.issuer ?? ""} ${context.credential.clientId}`;
}

/** The token's access token while it may still be sent (not refused by the API, not about to expire), else undefined. */
function usable(
  token: { accessToken?: string | undefined; expiresAt?: number | undefined } | undefined,
  context: OAuth2Context,
): string | undefined {
  if (token?.accessToken === undefined) return undefined;
  if (context.session.get<Set<string>>(rejectedKey)?.has(token.accessToken) === true) return undefined;
  const fresh = token.expiresAt === undefined || token.expiresAt - defaultExpiryMarginMs > context.now().getTime();
  return fresh ? token.accessToken : undefined;
}

/**
 * This process's tokens for the source, unless the stored credential was signed out since they were obtained
 * (`signedOutAt`: `src auth logout` in any process, or the server's `DELETE /v1/sources/{slug}/auth`): then they are
 * dropped, and the next call gets new ones (or is told to sign in) instead of sending the forgotten token.
 */
function sessionTokensOf(context: OAuth2Context): SessionTokens | undefined {
  const key = sessionKey(context);
  const session = context.session.get<SessionTokens>(key);
  const { signedOutAt } = context.credential;
  if (session === undefined || signedOutAt === undefined || session.obtainedAt > signedOutAt) return session;
  context.session.delete(key);
  return undefined;
}

/** The newest refresh token known: this process's, unless the vault holds one another process rotated since. */
function currentRefreshToken(context: OAuth2Context, session: SessionTokens | undefined): string | undefined {
  const stored = context.credential.refreshToken;
  if (session === undefined) return stored;
  if (stored === undefined || stored === session.replacedRefreshToken || stored === session.refreshToken)
    return session.refreshToken ?? stored;
  return stored;
}

/** The credential was removed (signed out, the source removed) while this call waited for another to renew it. */
function removedMeanwhile(context: OAuth2Context): AuthorizeError {
  return new AuthorizeError({
    outcome: "needs_auth",
    message: `source "${context.slug}" is not signed in: its credential was removed while this call waited to renew its token`,
    hint: signInHint(context.config, context.slug, false),
  });
}

/** No token is stored, and the grant cannot get one without the person. */
function notSignedIn(context: OAuth2Context): AuthorizeError {
  return new AuthorizeError({
    outcome: "needs_auth",
    message: `source "${context.slug}" is not signed in: no OAuth 2.0 access or refresh token is stored`,
    hint: signInHint(context.config, context.slug, false),
  });
}

/** Asks the token endpoint for new tokens: by the refresh token when there is one, else by the client's own grant. */
async function requestTokens(
  context: OAuth2Context,
  credential: OAuth2Credential,
  refreshToken: string | undefined,
): Promise<IssuedTokens> {
  const input = {
    config: context.config,
    credential,
    slug: context.slug,
    now: context.now,
    signal: context.signal,
    report: tokenRequestReporterOf(context),
  };
  if (refreshToken !== undefined) {
    try {
      return await requestRefreshedToken(input, refreshToken);
    } catch (error) {
      // A client that can get a token on its own does not need the refused refresh token.
      if (!(
        AuthorizeError.isInstance(error) &&
        error.outcome === "needs_auth" &&
        context.config.grant === "client_credentials"
      ))
        throw error;
      return requestClientCredentialsToken(input);
    }
  }
  if (context.config.grant === "client_credentials") return requestClientCredentialsToken(input);
  throw notSignedIn(context);
}

/**
 * New tokens, got under the credential's lock: another process (a replica, the CLI) that renewed the same credential
 * meanwhile left its tokens in the vault, and they are used instead of renewing again. A provider that accepts each
 * refresh token once (rotation, often with reuse detection that revokes them all) never sees one sent twice.
 */
async function renewUnderLock(context: OAuth2Context, stored: OAuth2Credential): Promise<string> {
  const key = sessionKey(context);
  // What is stored now replaces what the call started with.
  const current: OAuth2Context = { ...context, credential: stored };
  const session = sessionTokensOf(current);
  const renewedMeanwhile = usable(stored, context);
  if (renewedMeanwhile !== undefined) return renewedMeanwhile;
  const refreshToken = currentRefreshToken(current, session);
  // The context itself, not the copy: who hears of its token requests (the app's metrics) is known by it.
  const tokens = await requestTokens(context, stored, refreshToken);
  context.registerSecret(tokens.accessToken);
  if (tokens.refreshToken !== undefined) context.registerSecret(tokens.refreshToken);
  const obtainedAt = Date.now();
  const { grantedScopes, ...issued } = tokens;
  // Saved first: a save the runtime drops (the source was signed out meanwhile) leaves nothing remembered here either.
  await context.saveCredential({
    ...stored,
    accessToken: issued.accessToken,
    ...(issued.expiresAt === undefined ? {} : { expiresAt: issued.expiresAt }),
    ...(issued.refreshToken === undefined ? {} : { refreshToken: issued.refreshToken }),
    ...(grantedScopes === undefined ? {} : { grantedScopes }),
  });
  context.session.set(key, {
    accessToken: tokens.accessToken,
    expiresAt: tokens.expiresAt,
    refreshToken: tokens.refreshToken,
    replacedRefreshToken: refreshToken !== tokens.refreshToken ? refreshToken : session?.replacedRefreshToken,
    obtainedAt,
  } satisfies SessionTokens);
  return tokens.accessToken;
}

async function obtain(context: OAuth2Context): Promise<string> {
  const session = sessionTokensOf(context);
  // Another call of this flight's predecessors may have stored a fresh token meanwhile.
  const cached = usable(session, context) ?? usable(context.credential, context);
  if (cached !== undefined) return cached;
  if (currentRefreshToken(context, session) === undefined && context.config.grant !== "client_credentials")
    throw notSignedIn(context);
  const renew = async (stored: OAuth2Credential | undefined): Promise<string> => {
    if (stored === undefined) throw removedMeanwhile(context);
    return renewUnderLock(context, stored);
  };
  // A context built by hand (a plugin's own test) may have no lock: then only this process's calls share a renewal.
  return context.withCredentialLock === undefined ? renew(context.credential) : context.withCredentialLock(renew);
}

/**
 * A valid access token for the source: this process's cached one, else the
 * stored one, else a new one (refreshed when there is a refresh token, else by
 * the grant), fetched once for all concurrent callers and saved to the vault.
 */
export async function accessTokenFor(context: OAuth2Context): Promise<string> {
  const session = sessionTokensOf(context);
  const token =
    usable(session, context) ??
    usable(context.credential, context) ??
    (await context.session.singleFlight(sessionKey(context), () => obtain(context)));
  context.registerSecret(token);
  return token;
}

/** Marks `accessToken` as refused by the API: the next `accessTokenFor` gets another one. */
export function rejectAccessToken(context: OAuth2Context, accessToken: string): void {
  const rejected = context.session.get<Set<string>>(rejectedKey) ?? new Set<string>();
  rejected.add(accessToken);
  context.session.set(rejectedKey, rejected);
}
