import { CONFIG_ERROR_CODES, ConfigError } from "./config-error";

/** Why the write did not happen: the lock was not free in time, or it was taken over while the write was running. */
export type SourceLockFailure = "timeout" | "lost";

/**
 * A write to one source could not hold its inter-process lock: another process
 * (the CLI, the server) kept it longer than the timeout, or the lock went stale
 * and was taken over mid-write. Nothing was written; the operation can be retried.
 */
export class SourceLockedError extends ConfigError {
  static override readonly marker: string = "src.config.error.SourceLockedError";
  readonly slug: string;
  readonly lockFile: string;
  readonly reason: SourceLockFailure;

  constructor({
    slug,
    lockFile,
    reason,
    timeoutMs,
    staleMs,
    cause,
  }: {
    slug: string;
    lockFile: string;
    reason: SourceLockFailure;
    timeoutMs: number;
    staleMs: number;
    cause?: unknown;
  }) {
    const what =
      reason === "timeout"
        ? `is being written by another process (lock ${lockFile}) that did not finish within ${timeoutMs} ms`
        : `lost its write lock (${lockFile}) to another process before the write finished`;
    super({
      code: CONFIG_ERROR_CODES.SOURCE_LOCKED,
      message:
        `source "${slug}" ${what}. Nothing was written; try again. ` +
        `A lock left by a stopped process is taken over once it is ${Math.round(staleMs / 1000)} s old.`,
      cause,
    });
    this.slug = slug;
    this.lockFile = lockFile;
    this.reason = reason;
  }
}
