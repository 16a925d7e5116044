import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";

/** How long a stored result can be read, by default: 15 minutes. */
export const defaultStoredResultTtlMs = 15 * 60 * 1000;
/** Most bytes all stored results of one store hold together, by default: 64 MiB. */
export const defaultStoredResultsMaxBytes = 64 * 1024 * 1024;
/** Largest body one source keeps, by default (`api.maxStoredResultBytes`): 10 MiB. */
export const defaultMaxStoredResultBytes = 10 * 1024 * 1024;

/** A lifetime as a person says it: `15 minutes`, `1 minute`, `30 seconds`. */
export function lifetimeText(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return ms === 60_000 ? "1 minute" : `${ms / 60_000} minutes`;
  const seconds = Math.max(1, Math.round(ms / 1000));
  return seconds === 1 ? "1 second" : `${seconds} seconds`;
}

/** A body kept so the agent can read on: the whole (redacted) text, what it was, and whom it belongs to. */
export interface StoredResult {
  /** Who may read it: the caller that made the call (an agent token, or `local` for this process). */
  readonly owner: string;
  /** The source's slug. */
  readonly slug: string;
  /** `json`: `text` is serialized JSON. `text`: the body as text. */
  readonly kind: "json" | "text";
  readonly text: string;
  /** The status and request of the call that answered it, repeated on each read. */
  readonly status: number;
  readonly statusText: string;
  readonly request: { method: string; url: string };
  /** The `select` the text is the output of, when there was one. */
  readonly selected?: string | undefined;
  /** Milliseconds since the epoch (the store's clock) after which it can no longer be read. */
  readonly expiresAt: number;
}

/** What reading a reference answers. */
export type StoredResultLookup =
  | { found: true; result: StoredResult }
  | { found: false; reason: "expired" | "unknown" | "other-caller" | "malformed" };

/** Cut bodies kept in memory, bounded in bytes and in time, each readable only by the caller that made the call. */
export interface ResultStore {
  /** How long a result can be read, in milliseconds. */
  readonly ttlMs: number;
  /**
   * Keeps `result` (the fields but `expiresAt`) and answers its reference, or
   * `undefined` when its text is larger than `maxBytes` (UTF-8) or than the
   * whole store.
   */
  keep(result: Omit<StoredResult, "expiresAt">, maxBytes: number): { ref: string; expiresAt: number } | undefined;
  /** The stored result `ref` names, when `owner` made it and it has not expired. */
  read(ref: string, owner: string): StoredResultLookup;
}

/** Options of `createResultStore`. */
export interface ResultStoreOptions {
  /** Most bytes (UTF-8) the stored texts hold together; the least recently read go first. Default 64 MiB. */
  maxBytes?: number;
  /** How long a result can be read. Default 15 minutes. */
  ttlMs?: number;
  /** The clock, in milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** `r<base36 time of storing>_<128 random bits>`: the time tells an expired reference from one never made here. */
const refPattern = /^r([0-9a-z]{1,12})_[A-Za-z0-9_-]{22}$/;

/**
 * The results store of one process (the service makes one; the in-process
 * tool takes one): an LRU cache bounded by the bytes it holds
 * ([lru-cache](https://www.npmjs.com/package/lru-cache), already used for the
 * hot-path caches), entries expiring after `ttlMs`. A reference is 128 random
 * bits, and is answered only to its owner.
 */
export function createResultStore({
  maxBytes = defaultStoredResultsMaxBytes,
  ttlMs = defaultStoredResultTtlMs,
  now = Date.now,
}: ResultStoreOptions = {}): ResultStore {
  const cache = new LRUCache<string, StoredResult & { bytes: number }>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => Math.max(1, entry.bytes),
    ttl: ttlMs,
    perf: { now },
  });
  return {
    ttlMs,
    keep(result, maxResultBytes) {
      const bytes = Buffer.byteLength(result.text, "utf8");
      if (bytes > maxResultBytes || bytes > maxBytes) return undefined;
      cache.purgeStale();
      const storedAt = now();
      const ref = `r${storedAt.toString(36)}_${randomBytes(16).toString("base64url")}`;
      const expiresAt = storedAt + ttlMs;
      cache.set(ref, { ...result, expiresAt, bytes });
      return { ref, expiresAt };
    },
    read(ref, owner) {
      const match = refPattern.exec(ref);
      if (match === null) return { found: false, reason: "malformed" };
      const entry = cache.get(ref);
      if (entry === undefined) {
        const storedAt = Number.parseInt(match[1] ?? "", 36);
        return { found: false, reason: now() - storedAt >= ttlMs ? "expired" : "unknown" };
      }
      if (entry.owner !== owner) return { found: false, reason: "other-caller" };
      const { bytes: _bytes, ...result } = entry;
      return { found: true, result };
    },
  };
}
