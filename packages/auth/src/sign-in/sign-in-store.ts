/** Where a sign-in in progress stands. */
export type StoredSignInStatus = "waiting" | "claimed" | "signed_in" | "failed";

/**
 * A sign-in in progress as a store keeps it. Nothing in it lets anyone finish
 * the sign-in: `id` is the SHA-256 of its `state`, and what the plugin needs
 * (a PKCE verifier, a device code) is sealed with a key derived from that
 * `state`, which only the redirect (or the person who started it) carries.
 */
export interface StoredSignIn {
  /** SHA-256 of the sign-in's state, lower-case hex. */
  readonly id: string;
  readonly slug: string;
  /** `"redirect"` or `"poll"`, as the plugin's start said. */
  readonly awaits: "redirect" | "poll";
  /** The plugin's start, sealed (AES-256-GCM, key from the state): base64url. */
  readonly sealed: string;
  /** Epoch milliseconds after which the sign-in is refused. */
  readonly expiresAt: number;
  /** Epoch milliseconds after which the record may be deleted (it outlives `expiresAt` so a late redirect is told why). */
  readonly keepUntil: number;
  readonly status: StoredSignInStatus;
  /** While `claimed`: until when the process that claimed it holds it. */
  readonly claimedUntil?: number | undefined;
  /** For a sign-in that polls: not before this time (epoch ms). */
  readonly nextPollAt?: number | undefined;
  /** When it ended: what happened, for people (never a secret), and an error code when it failed. */
  readonly outcome?: { readonly message: string; readonly code?: string | undefined } | undefined;
  /** 1 when added, one more on every change: the compare-and-set token. */
  readonly revision: number;
}

/**
 * Where the sign-ins in progress live: the source store (a file in the home, or
 * PostgreSQL), so that any process sharing it can finish a sign-in another one
 * started. Each change is a compare-and-set on `revision`.
 */
export interface SignInStore {
  /** Adds a new record (its `id` is new: a random state). */
  insert(record: StoredSignIn): Promise<void>;
  get(id: string): Promise<StoredSignIn | undefined>;
  /** Replaces the record `id` when its stored revision is `record.revision - 1`; false when another process changed it first, or it is gone. */
  update(record: StoredSignIn): Promise<boolean>;
  /** Deletes the records whose `keepUntil` is before `now` (epoch ms). */
  sweep(now: number): Promise<void>;
}

/** Options of `createMemorySignInStore`. */
export interface MemorySignInStoreOptions {
  /** Records kept at once; adding one more drops the oldest. Default 1000. */
  readonly maxRecords?: number;
}

/** A `SignInStore` in this process's memory (one process: a CLI, a single server, tests). */
export function createMemorySignInStore({ maxRecords = 1000 }: MemorySignInStoreOptions = {}): SignInStore {
  if (!Number.isInteger(maxRecords) || maxRecords < 1)
    throw new RangeError(`maxRecords: must be a positive integer, got ${String(maxRecords)}`);
  const records = new Map<string, StoredSignIn>();
  return {
    insert(record) {
      while (records.size >= maxRecords) records.delete(records.keys().next().value!);
      records.set(record.id, record);
      return Promise.resolve();
    },
    get: (id) => Promise.resolve(records.get(id)),
    update(record) {
      const stored = records.get(record.id);
      if (stored === undefined || stored.revision !== record.revision - 1) return Promise.resolve(false);
      records.set(record.id, record);
      return Promise.resolve(true);
    },
    sweep(now) {
      for (const [id, record] of records) if (record.keepUntil < now) records.delete(id);
      return Promise.resolve();
    },
  };
}
