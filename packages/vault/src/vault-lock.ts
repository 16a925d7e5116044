import { withFileLock } from "@src/file-lock";
import { ensurePrivateDirectory } from "./private-directory";
import { VaultLockedError } from "./errors/vault-locked-error";
import path from "node:path";

/** Lock settings; see `OpenVaultOptions`. */
export interface VaultLockOptions {
  /** Longest wait for another process's lock, in ms. */
  readonly timeoutMs: number;
  /** Age in ms after which a lock whose holder stopped refreshing it (a crashed process) is taken over. */
  readonly staleMs: number;
}

/** Default lock settings: wait up to 10 s; a lock not refreshed for 10 s is stale. */
export const defaultVaultLockOptions: VaultLockOptions = { timeoutMs: 10_000, staleMs: 10_000 };

/** The lock of a vault file: a sibling directory `<file>.lock` (proper-lockfile's mkdir lock). */
export function vaultLockPath(file: string): string {
  return `${file}.lock`;
}

/** Tells the critical section whether the lock is still ours just before it commits. */
export interface HeldLock {
  assertHeld(): void;
}

/**
 * Runs `action` while holding the inter-process lock of `file`. Waits with a
 * small random back-off until `timeoutMs`, then throws `VaultLockedError`.
 */
export async function withVaultLock<T>(
  file: string,
  options: VaultLockOptions,
  action: (lock: HeldLock) => Promise<T>,
): Promise<T> {
  await ensurePrivateDirectory(path.dirname(file));
  const lockFile = vaultLockPath(file);
  return withFileLock(
    {
      lockFile,
      target: file,
      ...options,
      failure: (_reason, cause) =>
        new VaultLockedError({ file, lockFile, timeoutMs: options.timeoutMs, staleMs: options.staleMs, cause }),
    },
    action,
  );
}
