import type { SignInStart } from "./auth-sign-in";
import { openSignIn, sealSignIn, signInIdOf } from "./seal-sign-in";
import type { SignInStore, StoredSignIn } from "./sign-in-store";

/** Ten minutes: long enough to sign in, short enough that a forgotten link soon stops working. */
export const defaultPendingSignInLifetimeMs = 600_000;

/** How long one process may hold a sign-in it is finishing (a code exchange, one poll) before another may take over. */
export const defaultSignInClaimMs = 30_000;

/** Why a sign-in cannot be finished now. */
export type SignInUnavailableReason =
  /** Never issued here (or swept long ago). */
  | "unknown"
  /** Already finished: each sign-in works once. */
  | "used"
  /** Too old. */
  | "expired"
  /** Another process is finishing it right now. */
  | "busy";

/** A sign-in this process now holds, to finish or to give back. */
export interface ClaimedSignIn {
  readonly found: true;
  readonly slug: string;
  readonly start: SignInStart;
  /** For a sign-in that polls: the earliest time to poll (epoch ms). */
  readonly nextPollAt: number | undefined;
  /** Ends it for good: signed in, or failed with a message (and code) for people. A second redirect or poll finds it "used". */
  finish(outcome: {
    readonly signedIn: boolean;
    readonly message: string;
    readonly code?: string | undefined;
  }): Promise<void>;
  /** Gives it back unfinished (a poll that found "not yet"), with the plugin's new start and when to poll next. */
  release(next: { readonly start?: SignInStart | undefined; readonly nextPollAt?: number | undefined }): Promise<void>;
}

/** What `claim` found. */
export type ClaimResult =
  | ClaimedSignIn
  | { readonly found: false; readonly reason: SignInUnavailableReason; readonly slug?: string | undefined };

/** Where a sign-in stands, for the person who started it (`GET …/auth/login/{signInId}`). */
export interface SignInProgress {
  readonly slug: string;
  readonly status: "waiting" | "signed_in" | "failed" | "expired";
  readonly awaits: "redirect" | "poll";
  readonly expiresAt: number;
  /** What happened, once it ended. */
  readonly message?: string | undefined;
  readonly code?: string | undefined;
}

/** Options of `createSharedSignIns`. */
export interface SharedSignInsOptions {
  readonly store: SignInStore;
  /** How long a sign-in may take, from its start. Default 10 minutes. */
  readonly lifetimeMs?: number;
  /** How long a claim holds (see `defaultSignInClaimMs`). */
  readonly claimMs?: number;
  readonly now?: () => Date;
}

/** The sign-ins in progress of every process that shares `store`: a redirect (or a poll) may reach any of them. */
export interface SharedSignIns {
  /** Keeps a started sign-in; the start's `state` is its key (and `signInId`). */
  add(slug: string, start: SignInStart): Promise<{ readonly expiresAt: number }>;
  /** Takes the sign-in of `state` to finish it: at most one process at a time, and never after it ended. */
  claim(state: string): Promise<ClaimResult>;
  /** Where the sign-in of `state` stands; `undefined` when unknown. */
  progress(state: string): Promise<SignInProgress | undefined>;
}

function checkPositive(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name}: must be a positive integer of milliseconds, got ${String(value)}`);
}

/**
 * Sign-ins in progress kept in a `SignInStore` shared by every replica: each is
 * stored under the SHA-256 of its `state`, what the plugin needs sealed with a
 * key derived from the `state` (so the store alone cannot finish one), with
 * its expiry. `claim` is a compare-and-set: one process finishes a sign-in,
 * once; a claim that is not finished within `claimMs` (a process died) may be
 * taken over.
 */
export function createSharedSignIns({
  store,
  lifetimeMs = defaultPendingSignInLifetimeMs,
  claimMs = defaultSignInClaimMs,
  now = () => new Date(),
}: SharedSignInsOptions): SharedSignIns {
  checkPositive("lifetimeMs", lifetimeMs);
  checkPositive("claimMs", claimMs);

  async function change(record: StoredSignIn, changes: Partial<StoredSignIn>): Promise<StoredSignIn | undefined> {
    const next: StoredSignIn = { ...record, ...changes, revision: record.revision + 1 };
    return (await store.update(next)) ? next : undefined;
  }

  return {
    async add(slug, start) {
      const time = now().getTime();
      await store.sweep(time);
      const expiresAt = Math.min(time + lifetimeMs, start.expiresAt ?? Number.POSITIVE_INFINITY);
      await store.insert({
        id: signInIdOf(start.state),
        slug,
        awaits: start.awaits,
        sealed: sealSignIn(start.state, slug, start),
        expiresAt,
        keepUntil: expiresAt + lifetimeMs,
        status: "waiting",
        revision: 1,
      });
      return { expiresAt };
    },

    async claim(state) {
      const time = now().getTime();
      const record = await store.get(signInIdOf(state));
      if (record === undefined) return { found: false, reason: "unknown" };
      if (record.status === "signed_in" || record.status === "failed")
        return { found: false, reason: record.outcome?.code === "expired" ? "expired" : "used", slug: record.slug };
      if (time >= record.expiresAt) {
        await change(record, {
          status: "failed",
          claimedUntil: undefined,
          outcome: { message: "the sign-in expired", code: "expired" },
        });
        return { found: false, reason: "expired", slug: record.slug };
      }
      if (record.status === "claimed" && (record.claimedUntil ?? 0) > time)
        return { found: false, reason: "busy", slug: record.slug };
      const start = openSignIn(state, record.slug, record.sealed) as SignInStart | undefined;
      if (start === undefined) return { found: false, reason: "unknown" };
      let held = await change(record, { status: "claimed", claimedUntil: time + claimMs });
      if (held === undefined) return { found: false, reason: "busy", slug: record.slug };
      return {
        found: true,
        slug: record.slug,
        start,
        nextPollAt: record.nextPollAt,
        async finish({ signedIn, message, code }) {
          const done = await change(held!, {
            status: signedIn ? "signed_in" : "failed",
            claimedUntil: undefined,
            outcome: { message, ...(code === undefined ? {} : { code }) },
          });
          if (done !== undefined) held = done;
        },
        async release({ start: nextStart, nextPollAt }) {
          const released = await change(held!, {
            status: "waiting",
            claimedUntil: undefined,
            ...(nextStart === undefined ? {} : { sealed: sealSignIn(state, record.slug, nextStart) }),
            ...(nextPollAt === undefined ? {} : { nextPollAt }),
          });
          if (released !== undefined) held = released;
        },
      };
    },

    async progress(state) {
      const record = await store.get(signInIdOf(state));
      if (record === undefined) return undefined;
      const expired =
        record.status !== "signed_in" && record.status !== "failed" && now().getTime() >= record.expiresAt;
      const status =
        expired || record.outcome?.code === "expired"
          ? "expired"
          : record.status === "claimed"
            ? "waiting"
            : record.status;
      return {
        slug: record.slug,
        status,
        awaits: record.awaits,
        expiresAt: record.expiresAt,
        ...(record.outcome === undefined
          ? {}
          : {
              message: record.outcome.message,
              ...(record.outcome.code === undefined ? {} : { code: record.outcome.code }),
            }),
      };
    },
  };
}
