import { timingSafeEqual } from "node:crypto";
import { sha256Of, type AgentAccessStore, type StoredAgentToken } from "@src/config";

/** Who is calling the server: the operator (admin token) or an agent token (static, an OAuth grant, or a JWT of the team's identity provider). */
export type Caller =
  | { readonly kind: "admin" }
  | {
      readonly kind: "agent";
      /** The token's name, written in every agent call's log line. */
      readonly name: string;
      /**
       * Who the agent acts for: `token:NAME` (a named agent token), `grant:NAME` (a person's consent on the embedded
       * authorization server), `idp:SUB` (the `sub` of the identity provider's JWT). A per-user source sends this
       * principal's own credential only; the audit line names it.
       */
      readonly principal: string;
      /**
       * The token's identity. A token revoked and created again under the same
       * name has another, and what the first one owned (cut results, MCP
       * sessions) stays its own.
       */
      readonly id: string;
      /** The slugs it may call, or `null` for every source. */
      readonly sources: ReadonlySet<string> | null;
      /** A read-only token never writes, whatever the source allows. */
      readonly readOnly: boolean;
      /** Sources it may only read (a grant's per-source choice, an identity provider's `src:SLUG:read` scope). */
      readonly readOnlySources: ReadonlySet<string>;
      /** Its own rate limit across every source, or `null`. */
      readonly rateLimit: { readonly calls: number; readonly perSeconds: number } | null;
    };

export type AgentCaller = Extract<Caller, { kind: "agent" }>;

/** The answer for a presented token that is not the admin token. */
export type AgentTokenLookup =
  | { found: true; caller: AgentCaller; kind: "static" | "oauth"; resource?: string; expiresAtMs: number }
  | { found: false; reason: "unknown" | "expired" }
  /** The store could not be read (a damaged token file, a database down): the token was not checked, it may be fine. */
  | { found: false; reason: "unreadable"; error: Error };

/** The server's lookups of presented agent tokens. */
export interface AgentTokenIndex {
  lookup(presented: string): Promise<AgentTokenLookup>;
  /** Forgets what it remembered (after the server itself changed the tokens). */
  reload(): Promise<void>;
  /** Waits for the last-use writes under way (before the server stops). */
  flush(): Promise<void>;
}

/** The prefix of every OAuth access token the embedded authorization server issues. */
export const oauthAccessTokenPrefix = "srco_";

/** Options of `createAgentTokenIndex`. */
export interface AgentTokenIndexOptions {
  access: AgentAccessStore;
  /** Called when the store cannot be read (a damaged token file); agent tokens are refused until it can. */
  onDamaged?: (error: Error) => void;
  /** How often at most a token's last use is written, in ms. Default 60000. */
  lastUseIntervalMs?: number;
  now?: () => number;
}

/** The caller a stored token stands for. */
export function callerOfToken(token: StoredAgentToken): AgentCaller {
  return {
    kind: "agent",
    name: token.name,
    principal: `${token.client === undefined ? "token" : "grant"}:${token.name}`,
    id: token.id,
    sources: token.sources === null ? null : new Set(token.sources),
    readOnly: token.readOnly,
    readOnlySources: new Set(token.readOnlySources ?? []),
    rateLimit: token.rateLimit,
  };
}

const expiryOf = (iso: string | null): number => (iso === null ? Number.POSITIVE_INFINITY : Date.parse(iso));

/**
 * Agent tokens by the SHA-256 of their value: a presented token costs one hash
 * and a lookup in the store (which answers from memory while nothing
 * changed), then a constant-time comparison of the digests. A token's last use
 * is written at most once a minute, never awaited by the call.
 */
export function createAgentTokenIndex({
  access,
  onDamaged,
  lastUseIntervalMs = 60_000,
  now = Date.now,
}: AgentTokenIndexOptions): AgentTokenIndex {
  const lastWritten = new Map<string, number>();
  const pending = new Set<Promise<void>>();

  function noteUse(id: string): void {
    const at = now();
    if (at - (lastWritten.get(id) ?? Number.NEGATIVE_INFINITY) < lastUseIntervalMs) return;
    lastWritten.set(id, at);
    if (lastWritten.size > 10_000) lastWritten.clear();
    const write = access
      .markTokenUsed(id, new Date(at).toISOString())
      .catch(() => void lastWritten.delete(id))
      .finally(() => pending.delete(write));
    pending.add(write);
  }

  async function find(presented: string, hex: string): Promise<AgentTokenLookup> {
    if (presented.startsWith(oauthAccessTokenPrefix)) {
      const found = await access.findAccessToken(hex);
      if (found === undefined) return { found: false, reason: "unknown" };
      const expiresAtMs = Math.min(Date.parse(found.accessToken.expiresAt), expiryOf(found.token.expiresAt));
      if (now() >= expiresAtMs) return { found: false, reason: "expired" };
      noteUse(found.token.id);
      return {
        found: true,
        caller: callerOfToken(found.token),
        kind: "oauth",
        resource: found.accessToken.resource,
        expiresAtMs,
      };
    }
    const token = await access.findStaticToken(hex);
    if (
      token?.sha256 === null ||
      token === undefined ||
      !timingSafeEqual(Buffer.from(token.sha256, "hex"), Buffer.from(hex, "hex"))
    )
      return { found: false, reason: "unknown" };
    const expiresAtMs = expiryOf(token.expiresAt);
    if (now() >= expiresAtMs) return { found: false, reason: "expired" };
    noteUse(token.id);
    return { found: true, caller: callerOfToken(token), kind: "static", expiresAtMs };
  }

  return {
    async lookup(presented) {
      try {
        return await find(presented, sha256Of(presented));
      } catch (error) {
        onDamaged?.(error as Error);
        return { found: false, reason: "unreadable", error: error as Error };
      }
    },
    async reload() {
      // The stores check for changes themselves; nothing is kept here but the last-use times.
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
