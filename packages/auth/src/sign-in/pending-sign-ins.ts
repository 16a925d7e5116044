import type { SignInStart } from "./auth-sign-in";

/** A started sign-in waiting for its redirect: the source it is for and what the redirect is checked against. */
export interface PendingSignIn {
  readonly slug: string;
  readonly start: SignInStart;
  /** Epoch milliseconds after which the redirect is refused. */
  readonly expiresAt: number;
}

/** What `take` found for a redirect's `state`. */
export type TakenSignIn =
  | { readonly found: true; readonly pending: PendingSignIn }
  /** `unknown`: never issued, already used, or dropped; `expired`: issued for `slug` but too old. */
  | { readonly found: false; readonly reason: "unknown" }
  | { readonly found: false; readonly reason: "expired"; readonly slug: string };

/** Options of `createPendingSignIns`. */
export interface PendingSignInsOptions {
  /** How long a sign-in may take, from its start to the redirect, in milliseconds. Default `defaultPendingSignInLifetimeMs` (10 minutes). */
  readonly lifetimeMs?: number;
  /** Sign-ins waiting at once; starting one more drops the oldest. Default 100. */
  readonly maxPending?: number;
  /** The clock. Default `() => new Date()`. */
  readonly now?: () => Date;
}

/** The pending sign-ins of a process, keyed by their `state`: each redirect is accepted once, before it expires. */
export interface PendingSignIns {
  /** Remembers a started sign-in for `slug`; returns when it expires. */
  add(slug: string, start: SignInStart): PendingSignIn;
  /** Takes the sign-in `state` belongs to, at most once: a second `take` of the same state finds nothing. */
  take(state: string): TakenSignIn;
  /** Sign-ins waiting now. */
  size(): number;
}

/** Ten minutes: long enough to sign in, short enough that a forgotten link soon stops working. */
export const defaultPendingSignInLifetimeMs = 600_000;

/**
 * Keeps the sign-ins a server started (the server's `POST /v1/sources/{slug}/auth/login`)
 * until their redirect arrives: the `state` is the key, so a redirect is bound
 * to the request that started it; `take` removes it (single use), and one
 * older than `lifetimeMs` is refused as expired. In memory: a redirect must
 * reach the process that started its sign-in.
 */
export function createPendingSignIns({ lifetimeMs = defaultPendingSignInLifetimeMs, maxPending = 100, now = () => new Date() }: PendingSignInsOptions = {}): PendingSignIns {
  if (!Number.isInteger(lifetimeMs) || lifetimeMs < 1) throw new RangeError(`lifetimeMs: must be a positive integer of milliseconds, got ${String(lifetimeMs)}`);
  if (!Number.isInteger(maxPending) || maxPending < 1) throw new RangeError(`maxPending: must be a positive integer, got ${String(maxPending)}`);
  // Insertion order is age order: the first entries are the oldest.
  const pending = new Map<string, PendingSignIn>();
  // States that expired, kept a lifetime longer so the refusal can name the source.
  const expired = new Map<string, { slug: string; forgetAt: number }>();

  function sweep(time: number): void {
    for (const [state, entry] of pending) {
      if (entry.expiresAt > time) break;
      pending.delete(state);
      expired.set(state, { slug: entry.slug, forgetAt: entry.expiresAt + lifetimeMs });
    }
    for (const [state, entry] of expired) {
      if (entry.forgetAt > time && expired.size <= maxPending) break;
      expired.delete(state);
    }
  }

  return {
    add(slug, start) {
      const time = now().getTime();
      sweep(time);
      while (pending.size >= maxPending) pending.delete(pending.keys().next().value!);
      const entry: PendingSignIn = { slug, start, expiresAt: time + lifetimeMs };
      pending.set(start.state, entry);
      return entry;
    },
    take(state) {
      const time = now().getTime();
      const entry = pending.get(state);
      if (entry !== undefined) {
        pending.delete(state);
        if (entry.expiresAt > time) return { found: true, pending: entry };
        return { found: false, reason: "expired", slug: entry.slug };
      }
      sweep(time);
      const old = expired.get(state);
      if (old === undefined) return { found: false, reason: "unknown" };
      expired.delete(state);
      return { found: false, reason: "expired", slug: old.slug };
    },
    size: () => pending.size,
  };
}
