import { createHash, timingSafeEqual } from "node:crypto";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import { agentTokenFileName, readAgentTokenFile, type StoredAgentToken } from "./agent-token-file";
import { sha256Of } from "./agent-token-store";

/** Who is calling the server: the operator (admin token) or an agent token. */
export type Caller =
  | { readonly kind: "admin" }
  | {
      readonly kind: "agent";
      /** The token's name, written in every agent call's log line. */
      readonly name: string;
      /**
       * The token's identity: a hash of its stored digest, so of its value. A
       * token revoked and created again under the same name has another, and
       * what the first one owned (cut results, MCP sessions) stays its own.
       */
      readonly id: string;
      /** The slugs it may call, or `null` for every source. */
      readonly sources: ReadonlySet<string> | null;
      /** A read-only token never writes, whatever the source allows. */
      readonly readOnly: boolean;
      /** Its own rate limit across every source, or `null`. */
      readonly rateLimit: { readonly calls: number; readonly perSeconds: number } | null;
    };

/** The answer for a presented token that is not the admin token. */
export type AgentTokenLookup = { found: true; caller: Extract<Caller, { kind: "agent" }> } | { found: false; reason: "unknown" | "expired" };

interface IndexedToken {
  digest: Buffer;
  caller: Extract<Caller, { kind: "agent" }>;
  expiresAtMs: number;
}

/** The server's in-memory view of the token file, looked up by hash. */
export interface AgentTokenIndex {
  lookup(presented: string): Promise<AgentTokenLookup>;
  /** Re-reads the file now (after the server itself changed it). */
  reload(): Promise<void>;
}

/** Options of `createAgentTokenIndex`. */
export interface AgentTokenIndexOptions {
  home: string;
  /** How often at most the file's metadata is checked for changes by the CLI. Default 250 ms. */
  refreshIntervalMs?: number;
  /** Called when the file cannot be read; agent tokens are refused until it can. */
  onDamaged?: (error: Error) => void;
  now?: () => number;
}

/** A token's identity from its stored digest (not the digest itself, which is what a presented token is looked up by). */
const identityOf = (sha256: string): string => createHash("sha256").update(`src agent token identity\n${sha256}`).digest("hex").slice(0, 32);

const signatureOf = (stats: { mtimeMs: number; size: number; ino: number } | undefined): string => (stats === undefined ? "missing" : `${stats.ino}:${stats.size}:${stats.mtimeMs}`);

/**
 * Agent tokens by the SHA-256 of their value: a presented token costs one hash
 * and one map lookup, then a constant-time comparison of the digests. The file
 * is re-read only when its metadata changed, checked at most every
 * `refreshIntervalMs` (and at once for an unknown token, so a token created a
 * moment ago works), never read per call.
 */
export function createAgentTokenIndex({ home, refreshIntervalMs = 250, onDamaged, now = Date.now }: AgentTokenIndexOptions): AgentTokenIndex {
  const file = join(home, agentTokenFileName);
  let byDigest = new Map<string, IndexedToken>();
  let signature: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<void> | undefined;

  function index(tokens: readonly StoredAgentToken[]): Map<string, IndexedToken> {
    const next = new Map<string, IndexedToken>();
    for (const token of tokens) {
      next.set(token.sha256, {
        digest: Buffer.from(token.sha256, "hex"),
        caller: { kind: "agent", name: token.name, id: identityOf(token.sha256), sources: token.sources === null ? null : new Set(token.sources), readOnly: token.readOnly === true, rateLimit: token.rateLimit ?? null },
        expiresAtMs: token.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(token.expiresAt),
      });
    }
    return next;
  }

  async function refresh(force: boolean): Promise<void> {
    checkedAt = now();
    const stats = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    const current = signatureOf(stats);
    if (!force && current === signature) return;
    try {
      byDigest = index((await readAgentTokenFile(file)).tokens);
      signature = current;
    } catch (error) {
      byDigest = new Map();
      signature = undefined;
      onDamaged?.(error as Error);
    }
  }

  function refreshOnce(force: boolean): Promise<void> {
    refreshing ??= refresh(force).finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  return {
    async lookup(presented) {
      if (now() - checkedAt >= refreshIntervalMs) await refreshOnce(false);
      const hex = sha256Of(presented);
      let entry = byDigest.get(hex);
      if (entry === undefined) {
        await refreshOnce(false);
        entry = byDigest.get(hex);
      }
      if (entry === undefined || !timingSafeEqual(entry.digest, Buffer.from(hex, "hex"))) return { found: false, reason: "unknown" };
      if (now() >= entry.expiresAtMs) return { found: false, reason: "expired" };
      return { found: true, caller: entry.caller };
    },
    async reload() {
      await refreshing;
      await refreshOnce(true);
    },
  };
}
