import { withFileLock } from "@src/file-lock";
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
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
 * (`@src/file-lock`: proper-lockfile's mkdir lock, refreshed while held). Waits with a small
 * random back-off until `timeoutMs`, then throws `SourceLockedError`. The
 * lock's parent directory is created (0700) when missing.
 */
export async function withSourceLock<T>(
  { slug, lockFile }: SourceLockTarget,
  options: SourceLockOptions,
  action: (lock: HeldSourceLock) => Promise<T>,
): Promise<T> {
  await mkdir(dirname(lockFile), { recursive: true, mode: 0o700 });
  return withFileLock(
    {
      lockFile,
      ...options,
      failure: (reason, cause) =>
        new SourceLockedError({
          slug,
          lockFile,
          reason,
          timeoutMs: options.timeoutMs,
          staleMs: options.staleMs,
          cause,
        }),
    },
    action,
  );
}
