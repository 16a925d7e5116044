import lockfile from "proper-lockfile";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SourceLockedError } from "../errors/source-locked-error";

/** How long a write waits for another process's lock, and when a lock counts as abandoned. */
export interface SourceLockOptions {
  /** Longest wait for another process's lock, in ms. */
  readonly timeoutMs: number;
  /** Age in ms after which a lock its holder stopped refreshing (a killed process) is taken over; at least 2000. */
  readonly staleMs: number;
}

/** Default lock settings: wait up to 10 s; a lock not refreshed for 10 s is stale (its holder refreshes it every 5 s). */
export const defaultSourceLockOptions: SourceLockOptions = { timeoutMs: 10_000, staleMs: 10_000 };

/** Lets the critical section check, just before it commits, that the lock is still its own. */
export interface HeldSourceLock {
  /** Throws `SourceLockedError` (`reason: "lost"`) when the lock was taken over meanwhile. */
  assertHeld(): void;
}

/** What `withSourceLock` locks. */
export interface SourceLockTarget {
  /** The slug, for the error message. */
  readonly slug: string;
  /** The lock directory, `sources/.locks/{slug}.lock`. */
  readonly lockFile: string;
}

/**
 * Runs `action` while holding the inter-process lock of one source
 * (proper-lockfile's mkdir lock, refreshed while held). Waits with a small
 * random back-off until `timeoutMs`, then throws `SourceLockedError`. The
 * lock's parent directory is created (0700) when missing.
 */
export async function withSourceLock<T>({ slug, lockFile }: SourceLockTarget, options: SourceLockOptions, action: (lock: HeldSourceLock) => Promise<T>): Promise<T> {
  await mkdir(dirname(lockFile), { recursive: true, mode: 0o700 });
  const failure = (reason: "timeout" | "lost", cause: unknown): SourceLockedError =>
    new SourceLockedError({ slug, lockFile, reason, timeoutMs: options.timeoutMs, staleMs: options.staleMs, cause });
  const deadline = Date.now() + options.timeoutMs;
  let compromised: Error | undefined;
  let release: (() => Promise<void>) | undefined;
  let delay = 5;
  while (release === undefined) {
    try {
      release = await lockfile.lock(lockFile, {
        realpath: false,
        lockfilePath: lockFile,
        stale: options.staleMs,
        retries: 0,
        onCompromised: (error) => {
          compromised = error;
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
      if (Date.now() >= deadline) throw failure("timeout", error);
      await sleep(delay / 2 + Math.random() * delay);
      delay = Math.min(delay * 1.5, 30);
    }
  }
  const held: HeldSourceLock = {
    assertHeld() {
      if (compromised !== undefined) throw failure("lost", compromised);
    },
  };
  try {
    return await action(held);
  } finally {
    if (compromised === undefined) await release().catch(() => undefined);
  }
}
