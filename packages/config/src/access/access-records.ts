import { createHash } from "node:crypto";
import { z } from "zod";
import { rateLimitSchema } from "../policy/api-policy-schema";

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 in hex");
const slugList = z.array(z.string());

/**
 * One agent token: a static token (`src token create`: `sha256` of its value and
 * a short `prefix` to recognise it by) or an OAuth grant (a hosted agent signed
 * in: `client` names it, its access and refresh tokens are stored apart and
 * end with it). Never a value: only digests.
 */
export const storedAgentTokenSchema = z.strictObject({
  /** The token's identity: random for new tokens; for tokens written before identities were stored, derived from `sha256` (`legacyAgentTokenIdOf`). */
  id: z.string().regex(/^[0-9a-f]{32}$/),
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/),
  /** A static token's first characters (`srca_` and 7 more); `null` for a grant. */
  prefix: z.string().nullable(),
  /** SHA-256 of a static token's value, hex; `null` for a grant. */
  sha256: sha256Hex.nullable(),
  /** The slugs it may call, or `null` for every source. */
  sources: slugList.nullable(),
  /** Only GET, HEAD and OPTIONS on every source. */
  readOnly: z.boolean(),
  /** Sources it may only read (a grant's per-source choice); the others as `readOnly` says. */
  readOnlySources: slugList.optional(),
  /** Its own rate limit across every source, or `null`. */
  rateLimit: rateLimitSchema.nullable(),
  createdAt: z.iso.datetime(),
  /** When it stops working, or `null` for never. */
  expiresAt: z.iso.datetime().nullable(),
  /** The OAuth client a grant was given to; absent for a static token. */
  client: z.strictObject({ id: z.string(), name: z.string() }).optional(),
  /** When it last reached the server (written at most once a minute per token). */
  lastUsedAt: z.iso.datetime().nullable().optional(),
});
export type StoredAgentToken = z.infer<typeof storedAgentTokenSchema>;

/** A client registered by Dynamic Client Registration (RFC 7591): public metadata only, never a secret (clients are public: PKCE). */
export const storedOAuthClientSchema = z.strictObject({
  clientId: z.string().min(1),
  /** The registration's metadata as the server accepted it (`redirect_uris`, `client_name`, ...). */
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type StoredOAuthClient = z.infer<typeof storedOAuthClientSchema>;

/** What a person grants on the consent page: carried by the authorization code to the grant it makes. */
export const consentSchema = z.strictObject({
  sources: slugList.min(1),
  readOnlySources: slugList,
  /** When the grant ends, or `null` for never. */
  expiresAt: z.iso.datetime().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

/** The client an authorization request is from, and what its token request must match: kept by the request and its code. */
const authorizingClientFields = {
  clientId: z.string(),
  clientName: z.string(),
  redirectUri: z.string(),
  /** Whether the request named `redirect_uri` (then the token request must name the same). */
  redirectUriGiven: z.boolean(),
  codeChallenge: z.string(),
};

/** An authorization request waiting for the person's consent (valid, checked by the authorization endpoint). */
export const storedAuthorizationRequestSchema = z.strictObject({
  /** SHA-256 of the request's key (the authorization request's query), hex. */
  id: sha256Hex,
  ...authorizingClientFields,
  state: z.string().nullable(),
  resource: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The consent page's CSRF token, bound to the sign-in that loaded it: both as SHA-256. */
  csrf: z.strictObject({ tokenSha256: sha256Hex, signInSha256: sha256Hex }).nullable(),
});
export type StoredAuthorizationRequest = z.infer<typeof storedAuthorizationRequestSchema>;

/** An authorization code: single use, short-lived; its replay ends the grant it made. */
export const storedAuthorizationCodeSchema = z.strictObject({
  sha256: sha256Hex,
  ...authorizingClientFields,
  resource: z.string(),
  consent: consentSchema,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** When it was exchanged, and the grant it made. */
  usedAt: z.iso.datetime().nullable(),
  tokenId: z.string().nullable(),
});
export type StoredAuthorizationCode = z.infer<typeof storedAuthorizationCodeSchema>;

/** An OAuth access token of a grant: its SHA-256, the resource it is bound to, its end. */
export const storedAccessTokenSchema = z.strictObject({
  sha256: sha256Hex,
  tokenId: z.string(),
  resource: z.string(),
  expiresAt: z.iso.datetime(),
});
export type StoredAccessToken = z.infer<typeof storedAccessTokenSchema>;

/** An OAuth refresh token of a grant: used once (rotation); a used one presented again ends the grant. */
export const storedRefreshTokenSchema = z.strictObject({
  sha256: sha256Hex,
  tokenId: z.string(),
  resource: z.string(),
  /** The grant's end, or `null` for never. */
  expiresAt: z.iso.datetime().nullable(),
  usedAt: z.iso.datetime().nullable(),
});
export type StoredRefreshToken = z.infer<typeof storedRefreshTokenSchema>;

/** SHA-256 hex of a secret value: what the stores keep and look values up by. */
export const sha256Of = (value: string): string => createHash("sha256").update(value, "utf8").digest("hex");

/** The identity of a token written before identities were stored: a hash of its digest (what the server used to derive). */
export const legacyAgentTokenIdOf = (sha256: string): string =>
  createHash("sha256").update(`src agent token identity\n${sha256}`).digest("hex").slice(0, 32);

/** How long a used refresh token is kept to recognise its reuse (then it is simply unknown). */
export const usedRefreshTokenRetentionMs = 30 * 86_400_000;
