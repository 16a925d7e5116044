import { randomBytes } from "node:crypto";
import type { Response as ExpressResponse } from "express";
import type { AuthorizationParams, OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import {
  InvalidGrantError,
  InvalidTokenError,
  UnauthorizedClientError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { sha256Of, type AgentAccessStore, type StoredAgentToken } from "@src/config";
import type { Logger } from "pino";
import type { ClientMetadataDocuments } from "./client-metadata-documents";
import { sourcesOfScopes, type HostedOAuthSettings } from "./hosted-oauth-settings";
import { createOAuthClientsStore, hostOf } from "./oauth-clients-store";
import { oauthTokenIssuer } from "./oauth-token-issuer";

export { oauthRefreshTokenPrefix } from "./oauth-token-issuer";

const iso = (ms: number): string => new Date(ms).toISOString();

/** A name for a grant from its client's name: lower-case letters, digits and "-", and a random suffix so every grant's is its own. */
export function grantNameOf(clientName: string): string {
  const base =
    clientName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "hosted-agent";
  return `${base}-${randomBytes(3).toString("hex")}`;
}

/** What the authorization endpoint needs besides the provider: how to answer with the consent page. */
export interface ConsentPageResponder {
  (response: ExpressResponse): void;
}

/** Options of `createEmbeddedAuthorizationServer`. */
export interface EmbeddedAuthorizationServerOptions {
  settings: HostedOAuthSettings;
  access: AgentAccessStore;
  documents: ClientMetadataDocuments;
  logger: Logger;
  /** Sends the consent page (the console) for a request that is waiting. */
  consentPage: ConsentPageResponder;
  now?: () => number;
}

/**
 * The embedded authorization server behind the MCP TypeScript SDK's OAuth
 * handlers (`/authorize`, `/token`, `/register`, `/revoke`): the SDK parses
 * and checks every request (client, redirect URI with RFC 8252 loopback
 * ports, PKCE S256 against the challenge), this provider keeps the state in
 * the agent access store (every value as its SHA-256) and decides: `resource`
 * required and equal to `/mcp`, codes single-use, refresh tokens rotated with
 * a reused one ending the grant, public clients only.
 */
export function createEmbeddedAuthorizationServer(options: EmbeddedAuthorizationServerOptions): OAuthServerProvider {
  const { settings, access, documents, logger } = options;
  const now = options.now ?? Date.now;
  const clientsStore = createOAuthClientsStore({ settings, access, documents, logger, now });
  const { checkResource, issueTokens } = oauthTokenIssuer({ settings, now });

  return {
    get clientsStore() {
      return clientsStore;
    },

    async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, response: ExpressResponse) {
      checkResource(params.resource, true);
      const query = new URL(response.req.originalUrl, "http://x").search.slice(1);
      const at = now();
      await access.putAuthorizationRequest({
        id: sha256Of(query),
        clientId: client.client_id,
        clientName: client.client_name ?? "",
        redirectUri: params.redirectUri,
        redirectUriGiven: new URLSearchParams(query).has("redirect_uri"),
        codeChallenge: params.codeChallenge,
        state: params.state ?? null,
        resource: settings.resource,
        scopes: params.scopes ?? [],
        createdAt: iso(at),
        expiresAt: iso(at + settings.consentTtlSeconds * 1000),
        csrf: null,
      });
      options.consentPage(response);
    },

    async challengeForAuthorizationCode(client, authorizationCode) {
      const code = await access.findCode(sha256Of(authorizationCode), new Date(now()));
      if (code === undefined || code.clientId !== client.client_id)
        throw new InvalidGrantError("the authorization code is unknown, used up or expired; start the sign-in again");
      return code.codeChallenge;
    },

    async exchangeAuthorizationCode(client, authorizationCode, _codeVerifier, redirectUri, resource) {
      const digest = sha256Of(authorizationCode);
      const at = new Date(now());
      const code = await access.findCode(digest, at);
      if (code === undefined || code.clientId !== client.client_id)
        throw new InvalidGrantError("the authorization code is unknown, used up or expired; start the sign-in again");
      if ((code.redirectUriGiven || redirectUri !== undefined) && redirectUri !== code.redirectUri)
        throw new InvalidGrantError("redirect_uri differs from the authorization request's");
      checkResource(resource, false);
      const token: StoredAgentToken = {
        id: randomBytes(16).toString("hex"),
        name: grantNameOf(code.clientName === "" ? hostOf(code.clientId) : code.clientName),
        prefix: null,
        sha256: null,
        sources: code.consent.sources,
        readOnly: false,
        readOnlySources: code.consent.readOnlySources,
        rateLimit: null,
        createdAt: at.toISOString(),
        expiresAt: code.consent.expiresAt,
        client: { id: code.clientId, name: code.clientName === "" ? hostOf(code.clientId) : code.clientName },
        lastUsedAt: null,
      };
      const issued = await issueTokens(token);
      const outcome = await access.redeemCode(
        digest,
        { token, accessToken: issued.accessToken, refreshToken: issued.refreshToken },
        at,
      );
      if (outcome.outcome === "replayed") {
        logger.warn(
          { event: "oauth_code_replayed", grant: outcome.revoked?.name ?? null },
          "an authorization code was used twice: the grant it made is revoked",
        );
        throw new InvalidGrantError("the authorization code was used before; the grant it made is revoked");
      }
      if (outcome.outcome === "unknown")
        throw new InvalidGrantError("the authorization code is unknown, used up or expired; start the sign-in again");
      logger.info(
        {
          event: "oauth_grant_issued",
          grant: token.name,
          client: token.client?.name ?? null,
          sources: token.sources,
          readOnlySources: token.readOnlySources,
        },
        "hosted agent signed in",
      );
      return issued.tokens;
    },

    async exchangeRefreshToken(client, refreshToken, _scopes, resource) {
      checkResource(resource, false);
      const digest = sha256Of(refreshToken);
      const at = new Date(now());
      // The next pair is made first and stored only if the rotation succeeds (the store decides, in one step).
      const found = await access.findRefreshToken(digest);
      if (found === undefined || found.token.client?.id !== client.client_id)
        throw new InvalidGrantError("the refresh token is unknown, expired or revoked; sign in again");
      const issued = await issueTokens(found.token);
      const outcome = await access.rotateRefreshToken(
        digest,
        { accessToken: issued.accessToken, refreshToken: issued.refreshToken },
        at,
      );
      if (outcome.outcome === "reused") {
        logger.warn(
          { event: "oauth_refresh_reused", grant: outcome.revoked.name, client: outcome.revoked.client?.name ?? null },
          "a used refresh token was presented again: the grant is revoked",
        );
        throw new InvalidGrantError("the refresh token was used before; the grant is revoked, sign in again");
      }
      if (outcome.outcome === "unknown")
        throw new InvalidGrantError("the refresh token is unknown, expired or revoked; sign in again");
      return issued.tokens;
    },

    async verifyAccessToken(token): Promise<AuthInfo> {
      const found = await access.findAccessToken(sha256Of(token));
      if (found === undefined || Date.parse(found.accessToken.expiresAt) <= now())
        throw new InvalidTokenError("the access token is unknown, expired or revoked");
      return {
        token,
        clientId: found.token.client?.id ?? "",
        scopes: [],
        expiresAt: Math.floor(Date.parse(found.accessToken.expiresAt) / 1000),
        resource: new URL(found.accessToken.resource),
      };
    },

    async revokeToken(client, request) {
      const digest = sha256Of(request.token);
      // RFC 7009 §2.1: a token is revoked only for the client it was issued to; another client's request is refused.
      const grant = (await access.findAccessToken(digest))?.token ?? (await access.findRefreshToken(digest))?.token;
      if (grant !== undefined && grant.client?.id !== client.client_id)
        throw new UnauthorizedClientError("the token was not issued to this client; only its own client may revoke it");
      await access.revokeOAuthToken(digest);
    },
  };
}

export { hostOf, sourcesOfScopes };
