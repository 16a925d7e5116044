import type {
  StoredAccessToken,
  StoredAgentToken,
  StoredAuthorizationCode,
  StoredAuthorizationRequest,
  StoredOAuthClient,
  StoredRefreshToken,
} from "./access-records";

/** What a grant's first or next tokens are: the agent token record (first time) and its access and refresh tokens. */
export interface IssuedTokens {
  readonly accessToken: StoredAccessToken;
  readonly refreshToken: StoredRefreshToken;
}

/** The answer of `redeemCode`. */
export type RedeemCodeOutcome =
  | { readonly outcome: "redeemed" }
  /** The code was exchanged before: the grant it made is removed (its tokens end with it). */
  | { readonly outcome: "replayed"; readonly revoked: StoredAgentToken | undefined }
  /** No such code, or it expired. */
  | { readonly outcome: "unknown" };

/** The answer of `rotateRefreshToken`. */
export type RotateRefreshOutcome =
  | { readonly outcome: "rotated"; readonly token: StoredAgentToken }
  /** A refresh token used before was presented again: the whole grant is removed. */
  | { readonly outcome: "reused"; readonly revoked: StoredAgentToken }
  /** No such refresh token, it expired, or its grant ended. */
  | { readonly outcome: "unknown" };

/**
 * Where agent tokens, OAuth grants and what hosted agents' sign-in needs live:
 * files under `SRC_HOME` (`createFileAgentAccessStore` of `@src/config`) or
 * tables of the PostgreSQL store (`@src/store-postgres`). Every secret is
 * kept as its SHA-256, never in clear. Reads may be served from memory, but
 * reflect a change made by any process within about a second (a revoked
 * token stops working everywhere within 2 s).
 */
export interface AgentAccessStore {
  /** Where it is, for messages: a file, or a database URL without its password. */
  readonly location: string;

  /** Every agent token (static ones and grants), in creation order. */
  listTokens(): Promise<StoredAgentToken[]>;
  /** Adds a token; `DUPLICATE_AGENT_TOKEN` when its name is taken. */
  addToken(token: StoredAgentToken): Promise<void>;
  /** Removes a token by name, with its access and refresh tokens; the removed record, or `undefined` when none had the name. */
  removeToken(name: string): Promise<StoredAgentToken | undefined>;
  /** The static token whose value has this SHA-256. */
  findStaticToken(sha256: string): Promise<StoredAgentToken | undefined>;
  /** Records a token's last use. */
  markTokenUsed(id: string, at: string): Promise<void>;

  /** A client registered by Dynamic Client Registration. */
  findClient(clientId: string): Promise<StoredOAuthClient | undefined>;
  addClient(client: StoredOAuthClient): Promise<void>;

  /** Stores an authorization request waiting for consent (replacing one with the same id). */
  putAuthorizationRequest(request: StoredAuthorizationRequest): Promise<void>;
  /** A waiting request, unless it expired. */
  findAuthorizationRequest(id: string, now: Date): Promise<StoredAuthorizationRequest | undefined>;
  /** Removes a waiting request and returns it (once: a second call gets `undefined`), unless it expired. */
  takeAuthorizationRequest(id: string, now: Date): Promise<StoredAuthorizationRequest | undefined>;

  addCode(code: StoredAuthorizationCode): Promise<void>;
  /** An unexpired code, used or not. */
  findCode(sha256: string, now: Date): Promise<StoredAuthorizationCode | undefined>;
  /**
   * Exchanges a code once, in one step: marks it used and stores the grant
   * (`token`) with its first access and refresh tokens. A used code presented
   * again removes the grant it made.
   */
  redeemCode(sha256: string, grant: { token: StoredAgentToken } & IssuedTokens, now: Date): Promise<RedeemCodeOutcome>;

  /** The access token with this SHA-256 and its grant (expiry is the caller's to check). */
  findAccessToken(sha256: string): Promise<{ token: StoredAgentToken; accessToken: StoredAccessToken } | undefined>;
  /** The refresh token with this SHA-256 (used or not) and its grant. */
  findRefreshToken(sha256: string): Promise<{ token: StoredAgentToken; refreshToken: StoredRefreshToken } | undefined>;
  /** Rotation, in one step: marks the refresh token used and stores the next pair; a used one presented again removes the grant. */
  rotateRefreshToken(sha256: string, next: IssuedTokens, now: Date): Promise<RotateRefreshOutcome>;
  /** RFC 7009: an access token ends alone, a refresh token ends its grant. False when neither has this SHA-256. */
  revokeOAuthToken(sha256: string): Promise<boolean>;
}
