import type { Sql } from "postgres";
import {
  AGENT_ACCESS_ERROR_CODES,
  AgentAccessError,
  storedAccessTokenSchema,
  storedAgentTokenSchema,
  storedAuthorizationCodeSchema,
  storedAuthorizationRequestSchema,
  storedOAuthClientSchema,
  storedRefreshTokenSchema,
  usedRefreshTokenRetentionMs,
  type AgentAccessStore,
  type IssuedTokens,
  type RedeemCodeOutcome,
  type RotateRefreshOutcome,
  type StoredAccessToken,
  type StoredAgentToken,
  type StoredRefreshToken,
} from "@src/config";
import type { ChangeFeed } from "../changes/change-feed";

/** Options of `createPostgresAgentAccessStore`. */
export interface PostgresAgentAccessStoreOptions {
  readonly sql: Sql;
  readonly feed: ChangeFeed;
  /** Where the store is, for messages (no password). */
  readonly location: string;
  /** How long a found token is served from memory at most, in ms, whatever the change feed says. Default 1000. */
  readonly maxCacheAgeMs?: number | undefined;
}

interface TokenRow {
  record: unknown;
  last_used_at: string | null;
}

const tokenOf = (row: TokenRow): StoredAgentToken => ({
  ...storedAgentTokenSchema.parse(row.record),
  lastUsedAt: row.last_used_at,
});
/** The record column of a token: everything but its last use, which has a column of its own (so writing it announces no change). */
const recordOf = (token: StoredAgentToken): Omit<StoredAgentToken, "lastUsedAt"> => {
  const { lastUsedAt: _lastUsedAt, ...record } = token;
  return record;
};
const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown }).code === "23505";

/** The refusal of a second token of the same name. */
const duplicate = (name: string, cause: unknown): AgentAccessError =>
  new AgentAccessError({
    code: AGENT_ACCESS_ERROR_CODES.DUPLICATE_AGENT_TOKEN,
    message: `an agent token named "${name}" exists already; revoke it first (src token revoke ${name}) or pick another name`,
    cause,
  });

/** Inserts a token's row (its last use in a column of its own). */
async function insertToken(transaction: Sql, token: StoredAgentToken): Promise<void> {
  await transaction`insert into src_agent_tokens (id, name, sha256, record, last_used_at) values (${token.id}, ${token.name}, ${token.sha256}, ${transaction.json(recordOf(token))}, ${token.lastUsedAt ?? null})`;
}
const insertAccessToken = (transaction: Sql, token: StoredAccessToken) =>
  transaction`insert into src_oauth_access_tokens (sha256, token_id, record, expires_at) values (${token.sha256}, ${token.tokenId}, ${transaction.json(token)}, ${token.expiresAt})`;
const insertRefreshToken = (transaction: Sql, token: StoredRefreshToken) =>
  transaction`insert into src_oauth_refresh_tokens (sha256, token_id, record, expires_at, used_at) values (${token.sha256}, ${token.tokenId}, ${transaction.json(token)}, ${token.expiresAt}, ${token.usedAt})`;

/** Drops what can no longer be used (expired requests, codes, access tokens; refresh tokens used long ago). */
async function prune(transaction: Sql, now: Date): Promise<void> {
  await transaction`delete from src_oauth_requests where expires_at <= ${now}`;
  await transaction`delete from src_oauth_codes where expires_at <= ${now}`;
  await transaction`delete from src_oauth_access_tokens where expires_at <= ${now}`;
  await transaction`delete from src_oauth_refresh_tokens where expires_at <= ${now} or used_at <= ${new Date(now.getTime() - usedRefreshTokenRetentionMs)}`;
}

/** Redeems a code in a transaction that locks its row: once into the grant and its first tokens; a code used before ends the grant it made. */
async function redeemCodeIn(
  transaction: Sql,
  sha256: string,
  grant: { token: StoredAgentToken } & IssuedTokens,
  now: Date,
): Promise<RedeemCodeOutcome> {
  const [row] = await transaction<
    { record: unknown }[]
  >`select record from src_oauth_codes where sha256 = ${sha256} and expires_at > ${now} for update`;
  if (row === undefined) return { outcome: "unknown" as const };
  const code = storedAuthorizationCodeSchema.parse(row.record);
  if (code.usedAt !== null) {
    const [revoked] =
      code.tokenId === null
        ? []
        : await transaction<
            TokenRow[]
          >`delete from src_agent_tokens where id = ${code.tokenId} returning record, last_used_at`;
    return { outcome: "replayed" as const, revoked: revoked === undefined ? undefined : tokenOf(revoked) };
  }
  await transaction`update src_oauth_codes set record = ${transaction.json({ ...code, usedAt: now.toISOString(), tokenId: grant.token.id })} where sha256 = ${sha256}`;
  await insertToken(transaction, grant.token);
  await insertAccessToken(transaction, grant.accessToken);
  await insertRefreshToken(transaction, grant.refreshToken);
  return { outcome: "redeemed" as const };
}

/** Rotates a refresh token in a transaction that locks it and its grant: the next pair is kept; one used before ends the grant. */
async function rotateRefreshTokenIn(
  transaction: Sql,
  sha256: string,
  next: IssuedTokens,
  now: Date,
): Promise<RotateRefreshOutcome> {
  const [row] = await transaction<
    (TokenRow & { token: unknown; token_id: string })[]
  >`select t.record, t.last_used_at, r.record as token, r.token_id from src_oauth_refresh_tokens r join src_agent_tokens t on t.id = r.token_id where r.sha256 = ${sha256} for update of r, t`;
  if (row === undefined) return { outcome: "unknown" as const };
  const token = tokenOf(row);
  const refresh = storedRefreshTokenSchema.parse(row.token);
  const live = (iso: string | null): boolean => iso === null || Date.parse(iso) > now.getTime();
  if (!live(refresh.expiresAt) || !live(token.expiresAt)) return { outcome: "unknown" as const };
  if (refresh.usedAt !== null) {
    await transaction`delete from src_agent_tokens where id = ${row.token_id}`;
    return { outcome: "reused" as const, revoked: token };
  }
  await transaction`update src_oauth_refresh_tokens set record = ${transaction.json({ ...refresh, usedAt: now.toISOString() })}, used_at = ${now} where sha256 = ${sha256}`;
  await insertAccessToken(transaction, next.accessToken);
  await insertRefreshToken(transaction, next.refreshToken);
  await prune(transaction, now);
  return { outcome: "rotated" as const, token };
}

/**
 * The agent access store in PostgreSQL (migration 3): `src_agent_tokens` (a
 * token's record as `jsonb`, its name unique, a static token's SHA-256
 * unique), `src_oauth_clients`, `src_oauth_requests`, `src_oauth_codes`,
 * `src_oauth_access_tokens` and `src_oauth_refresh_tokens` (a grant's tokens,
 * removed with it by `on delete cascade`). Only SHA-256 digests of secrets
 * are stored. Every step that must happen once (a code redeemed, a refresh
 * token rotated) is one transaction that locks the row it reads. A change to
 * `src_agent_tokens` is announced on the change feed, so every replica drops
 * what it remembered at once; nothing is remembered longer than
 * `maxCacheAgeMs` in any case.
 */
export function createPostgresAgentAccessStore({
  sql,
  feed,
  location,
  maxCacheAgeMs = 1000,
}: PostgresAgentAccessStoreOptions): AgentAccessStore {
  const cache = new Map<string, { at: number; value: unknown }>();
  feed.subscribe((change) => {
    if (change === undefined || change.table === "src_agent_tokens") cache.clear();
  });
  async function remembered<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const entry = cache.get(key);
    if (entry !== undefined && Date.now() - entry.at < maxCacheAgeMs) return entry.value as T;
    const value = await load();
    if (value !== undefined) {
      if (cache.size > 10_000) cache.clear();
      cache.set(key, { at: Date.now(), value });
    }
    return value;
  }

  /** Runs a write in a transaction (`sql.begin` types it as a narrower client; the queries are the same). */
  const inTransaction = <T>(work: (transaction: Sql) => Promise<T>): Promise<T> =>
    sql.begin((transaction) => work(transaction as unknown as Sql)) as Promise<T>;

  return {
    location,

    async listTokens() {
      const rows = await sql<
        TokenRow[]
      >`select record, last_used_at from src_agent_tokens order by (record->>'createdAt'), name`;
      return rows.map(tokenOf);
    },

    async addToken(token) {
      try {
        await insertToken(sql, token);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(token.name, error);
        throw error;
      } finally {
        cache.clear();
      }
    },

    async removeToken(name) {
      const rows = await sql<
        TokenRow[]
      >`delete from src_agent_tokens where name = ${name} returning record, last_used_at`;
      cache.clear();
      return rows[0] === undefined ? undefined : tokenOf(rows[0]);
    },

    findStaticToken: (sha256) =>
      remembered(`static:${sha256}`, async () => {
        const [row] = await sql<TokenRow[]>`select record, last_used_at from src_agent_tokens where sha256 = ${sha256}`;
        return row === undefined ? undefined : tokenOf(row);
      }),

    async markTokenUsed(id, at) {
      await sql`update src_agent_tokens set last_used_at = ${at} where id = ${id}`;
    },

    async findClient(clientId) {
      const [row] = await sql<
        { record: unknown }[]
      >`select record from src_oauth_clients where client_id = ${clientId}`;
      return row === undefined ? undefined : storedOAuthClientSchema.parse(row.record);
    },

    async addClient(client) {
      await sql`insert into src_oauth_clients (client_id, record) values (${client.clientId}, ${sql.json(client as never)}) on conflict (client_id) do update set record = excluded.record`;
    },

    async putAuthorizationRequest(request) {
      await inTransaction(async (transaction) => {
        await prune(transaction, new Date());
        await transaction`insert into src_oauth_requests (id, record, expires_at) values (${request.id}, ${transaction.json(request)}, ${request.expiresAt})
          on conflict (id) do update set record = excluded.record, expires_at = excluded.expires_at`;
      });
    },

    async findAuthorizationRequest(id, now) {
      const [row] = await sql<
        { record: unknown }[]
      >`select record from src_oauth_requests where id = ${id} and expires_at > ${now}`;
      return row === undefined ? undefined : storedAuthorizationRequestSchema.parse(row.record);
    },

    async takeAuthorizationRequest(id, now) {
      const [row] = await sql<
        { record: unknown }[]
      >`delete from src_oauth_requests where id = ${id} and expires_at > ${now} returning record`;
      return row === undefined ? undefined : storedAuthorizationRequestSchema.parse(row.record);
    },

    async addCode(code) {
      await sql`insert into src_oauth_codes (sha256, record, expires_at) values (${code.sha256}, ${sql.json(code)}, ${code.expiresAt})`;
    },

    async findCode(sha256, now) {
      const [row] = await sql<
        { record: unknown }[]
      >`select record from src_oauth_codes where sha256 = ${sha256} and expires_at > ${now}`;
      return row === undefined ? undefined : storedAuthorizationCodeSchema.parse(row.record);
    },

    async redeemCode(sha256, grant, now) {
      try {
        return await inTransaction((transaction) => redeemCodeIn(transaction, sha256, grant, now));
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(grant.token.name, error);
        throw error;
      } finally {
        cache.clear();
      }
    },

    findAccessToken: (sha256) =>
      remembered(`access:${sha256}`, async () => {
        const [row] = await sql<
          (TokenRow & { token: unknown })[]
        >`select t.record, t.last_used_at, a.record as token from src_oauth_access_tokens a join src_agent_tokens t on t.id = a.token_id where a.sha256 = ${sha256}`;
        return row === undefined
          ? undefined
          : { token: tokenOf(row), accessToken: storedAccessTokenSchema.parse(row.token) };
      }),

    async findRefreshToken(sha256) {
      const [row] = await sql<
        (TokenRow & { token: unknown })[]
      >`select t.record, t.last_used_at, r.record as token from src_oauth_refresh_tokens r join src_agent_tokens t on t.id = r.token_id where r.sha256 = ${sha256}`;
      return row === undefined
        ? undefined
        : { token: tokenOf(row), refreshToken: storedRefreshTokenSchema.parse(row.token) };
    },

    async rotateRefreshToken(sha256, next, now) {
      try {
        return await inTransaction((transaction) => rotateRefreshTokenIn(transaction, sha256, next, now));
      } finally {
        cache.clear();
      }
    },

    async revokeOAuthToken(sha256) {
      try {
        const access = await sql`delete from src_oauth_access_tokens where sha256 = ${sha256} returning sha256`;
        if (access.length > 0) return true;
        const grant =
          await sql`delete from src_agent_tokens where id = (select token_id from src_oauth_refresh_tokens where sha256 = ${sha256}) returning id`;
        return grant.length > 0;
      } finally {
        cache.clear();
      }
    },
  };
}
