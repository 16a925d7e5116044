import { after, type AccessFile } from "./access-file";
import type { StoredAgentToken, StoredAuthorizationRequest } from "./access-records";
import { AGENT_ACCESS_ERROR_CODES, AgentAccessError } from "./agent-access-error";
import type { IssuedTokens, RedeemCodeOutcome, RotateRefreshOutcome } from "./agent-access-store-contract";

/** A change of the access file: the next file (`undefined`: nothing to write) and the answer to give. */
export type AccessFileChange<T> = (current: AccessFile) => { next: AccessFile | undefined; result: T };

/** The file without an agent token (and so without the grant's OAuth tokens, which name it). */
export const withoutToken = (current: AccessFile, id: string): AccessFile => ({
  ...current,
  tokens: current.tokens.filter((token) => token.id !== id),
});

/** Adds an agent token; a name taken already is refused. */
export function addTokenChange(token: StoredAgentToken): AccessFileChange<void> {
  return (current) => {
    if (current.tokens.some((existing) => existing.name === token.name)) {
      throw new AgentAccessError({
        code: AGENT_ACCESS_ERROR_CODES.DUPLICATE_AGENT_TOKEN,
        message: `an agent token named "${token.name}" exists already; revoke it first (src token revoke ${token.name}) or pick another name`,
      });
    }
    return { next: { ...current, tokens: [...current.tokens, token] }, result: undefined };
  };
}

/** Removes and answers a waiting authorization request that has not expired. */
export function takeAuthorizationRequestChange(
  id: string,
  at: Date,
): AccessFileChange<StoredAuthorizationRequest | undefined> {
  return (current) => {
    const request = current.oauth.requests.find((existing) => existing.id === id && after(existing.expiresAt, at));
    if (request === undefined) return { next: undefined, result: undefined };
    return {
      next: {
        ...current,
        oauth: { ...current.oauth, requests: current.oauth.requests.filter((existing) => existing.id !== id) },
      },
      result: request,
    };
  };
}

/** Redeems an authorization code once: the grant and its first tokens; a code used before ends the grant it made. */
export function redeemCodeChange(
  sha256: string,
  grant: { token: StoredAgentToken } & IssuedTokens,
  at: Date,
): AccessFileChange<RedeemCodeOutcome> {
  return (current) => {
    const code = current.oauth.codes.find((existing) => existing.sha256 === sha256 && after(existing.expiresAt, at));
    if (code === undefined) return { next: undefined, result: { outcome: "unknown" as const } };
    if (code.usedAt !== null) {
      const revoked = current.tokens.find((token) => token.id === code.tokenId);
      return {
        next: revoked === undefined ? undefined : withoutToken(current, revoked.id),
        result: { outcome: "replayed" as const, revoked },
      };
    }
    if (current.tokens.some((existing) => existing.name === grant.token.name)) {
      throw new AgentAccessError({
        code: AGENT_ACCESS_ERROR_CODES.DUPLICATE_AGENT_TOKEN,
        message: `an agent token named "${grant.token.name}" exists already`,
      });
    }
    const codes = current.oauth.codes.map((existing) =>
      existing.sha256 === sha256 ? { ...existing, usedAt: at.toISOString(), tokenId: grant.token.id } : existing,
    );
    return {
      next: {
        ...current,
        tokens: [...current.tokens, grant.token],
        oauth: {
          ...current.oauth,
          codes,
          accessTokens: [...current.oauth.accessTokens, grant.accessToken],
          refreshTokens: [...current.oauth.refreshTokens, grant.refreshToken],
        },
      },
      result: { outcome: "redeemed" as const },
    };
  };
}

/** Rotates a refresh token: the next pair is kept; one used before ends the grant. */
export function rotateRefreshTokenChange(
  sha256: string,
  next: IssuedTokens,
  at: Date,
): AccessFileChange<RotateRefreshOutcome> {
  return (current) => {
    const refresh = current.oauth.refreshTokens.find((existing) => existing.sha256 === sha256);
    const token =
      refresh === undefined ? undefined : current.tokens.find((existing) => existing.id === refresh.tokenId);
    if (refresh === undefined || token === undefined || !after(refresh.expiresAt, at) || !after(token.expiresAt, at))
      return { next: undefined, result: { outcome: "unknown" as const } };
    if (refresh.usedAt !== null)
      return { next: withoutToken(current, token.id), result: { outcome: "reused" as const, revoked: token } };
    const refreshTokens = current.oauth.refreshTokens.map((existing) =>
      existing.sha256 === sha256 ? { ...existing, usedAt: at.toISOString() } : existing,
    );
    return {
      next: {
        ...current,
        oauth: {
          ...current.oauth,
          accessTokens: [...current.oauth.accessTokens, next.accessToken],
          refreshTokens: [...refreshTokens, next.refreshToken],
        },
      },
      result: { outcome: "rotated" as const, token },
    };
  };
}

/** Revokes an access token alone, or a refresh token with its whole grant (RFC 7009). True when one was found. */
export function revokeOAuthTokenChange(sha256: string): AccessFileChange<boolean> {
  return (current) => {
    if (current.oauth.accessTokens.some((token) => token.sha256 === sha256)) {
      return {
        next: {
          ...current,
          oauth: {
            ...current.oauth,
            accessTokens: current.oauth.accessTokens.filter((token) => token.sha256 !== sha256),
          },
        },
        result: true,
      };
    }
    const refresh = current.oauth.refreshTokens.find((token) => token.sha256 === sha256);
    if (refresh === undefined) return { next: undefined, result: false };
    return { next: withoutToken(current, refresh.tokenId), result: true };
  };
}
