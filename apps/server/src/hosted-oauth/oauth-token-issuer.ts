import { randomBytes } from "node:crypto";
import { InvalidTargetError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { sha256Of, type StoredAgentToken } from "@src/config";
import { oauthAccessTokenPrefix } from "../agent-tokens/agent-token-index";
import { sourceScope, type HostedOAuthSettings } from "./hosted-oauth-settings";

/** The prefix of refresh tokens (never sent to `/mcp`). */
export const oauthRefreshTokenPrefix = "srcr_";

const randomValue = (prefix = ""): string => `${prefix}${randomBytes(32).toString("base64url")}`;
const iso = (ms: number): string => new Date(ms).toISOString();

/** A new access and refresh token pair for a grant: what the client gets, and what the store keeps (their SHA-256). */
export interface IssuedTokens {
  tokens: OAuthTokens;
  accessToken: { sha256: string; tokenId: string; resource: string; expiresAt: string };
  refreshToken: { sha256: string; tokenId: string; resource: string; expiresAt: string | null; usedAt: null };
}

/** Issues token pairs for `/mcp` (the one resource) and checks a request's `resource` parameter (RFC 8707). */
export function oauthTokenIssuer({ settings, now }: { settings: HostedOAuthSettings; now: () => number }): {
  checkResource: (resource: URL | undefined, required: boolean) => void;
  issueTokens: (token: StoredAgentToken) => Promise<IssuedTokens>;
} {
  function checkResource(resource: URL | undefined, required: boolean): void {
    if (resource === undefined) {
      if (required) throw new InvalidTargetError(`resource is required (RFC 8707): send resource=${settings.resource}`);
      return;
    }
    if (resource.href !== settings.resource && resource.href !== `${settings.resource}/`)
      throw new InvalidTargetError(
        `this server issues tokens for ${settings.resource} only, not ${resource.href}: send resource=${settings.resource}`,
      );
  }

  async function issueTokens(token: StoredAgentToken): Promise<IssuedTokens> {
    const accessValue = randomValue(oauthAccessTokenPrefix);
    const refreshValue = randomValue(oauthRefreshTokenPrefix);
    const expiresAtMs = Math.min(
      now() + settings.accessTokenTtlSeconds * 1000,
      token.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(token.expiresAt),
    );
    const scope = (token.sources ?? [])
      .map((slug) => sourceScope(slug, token.readOnly || (token.readOnlySources ?? []).includes(slug)))
      .join(" ");
    return {
      tokens: {
        access_token: accessValue,
        token_type: "Bearer",
        expires_in: Math.max(1, Math.round((expiresAtMs - now()) / 1000)),
        refresh_token: refreshValue,
        scope,
      },
      accessToken: {
        sha256: sha256Of(accessValue),
        tokenId: token.id,
        resource: settings.resource,
        expiresAt: iso(expiresAtMs),
      },
      refreshToken: {
        sha256: sha256Of(refreshValue),
        tokenId: token.id,
        resource: settings.resource,
        expiresAt: token.expiresAt,
        usedAt: null,
      },
    };
  }

  return { checkResource, issueTokens };
}
