import lockfile from "proper-lockfile";
import { setTimeout as sleep } from "node:timers/promises";

/** How long to wait for another process's lock, and when a lock counts as abandoned. */
export interface FileLockOptions {
  /** Longest wait for another process's lock, in ms. */
  readonly timeoutMs: number;
  /** Age in ms after which a lock whose holder stopped refreshing it (a killed process) is taken over; proper-lockfile needs at least 2000. */
  readonly staleMs: number;
}

/** Lets the critical section check, just before it commits, that the lock is still its own. */
export interface HeldFileLock {
  /** Throws the caller's `lost` error when another process took the lock over meanwhile. */
  assertHeld(): void;
}

/** What `withFileLock` locks, and how its failures are reported. */
export interface FileLockTarget extends FileLockOptions {
  /** The lock directory (proper-lockfile's mkdir lock). Its parent must exist. */
  readonly lockFile: string;
  /** The path the lock stands for. Default: `lockFile`. It need not exist. */
  readonly target?: string;
  /**
   * The error to throw: `timeout` when the lock was not had within `timeoutMs`,
   * `lost` when it was taken over while held. Each package gives its own typed error.
   */
  failure(reason: "timeout" | "lost", cause: unknown): Error;
}

/**
 * Runs `action` while holding an inter-process lock (proper-lockfile, refreshed
 * while held, taken over when stale). Waits with a small random back-off until
 * `timeoutMs`, then throws `failure("timeout")`. The lock is released afterwards,
 * unless it was lost.
 */
export async function withFileLock<T>(target: FileLockTarget, action: (lock: HeldFileLock) => Promise<T>): Promise<T> {
  const deadline = Date.now() + target.timeoutMs;
  let compromised: Error | undefined;
  let release: (() => Promise<void>) | undefined;
  let delay = 5;
  while (release === undefined) {
    try {
      release = await lockfile.lock(target.target ?? target.lockFile, {
        realpath: false,
        lockfilePath: target.lockFile,
        stale: target.staleMs,
        retries: 0,
        onCompromised: (error) => {
          compromised = error;
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
      if (Date.now() >= deadline) throw target.failure("timeout", error);
      await sleep(delay / 2 + Math.random() * delay);
      delay = Math.min(delay * 1.5, 30);
    }
  }
  const held: HeldFileLock = {
    assertHeld() {
      if (compromised !== undefined) throw target.failure("lost", compromised);
    },
  };
  try {
    return await action(held);
  } finally {
    if (compromised === undefined) await release().catch(() => undefined);
  }
}
