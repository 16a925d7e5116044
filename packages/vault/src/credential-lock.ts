import { createHash } from "node:crypto";
import { withFileLock } from "@src/file-lock";
import type { CredentialLockName } from "./credential-vault";
import { VaultLockedError } from "./errors/vault-locked-error";
import { ensurePrivateDirectory } from "./private-directory";
import path from "node:path";

/**
 * How long a credential's lock is waited for, and when it counts as abandoned. The wait outlasts one token request
 * (30 s at most in `@src/auth-oauth2`) and its save: a process that waits that long finds the renewed token stored.
 */
export const credentialLockOptions = { timeoutMs: 45_000, staleMs: 10_000 } as const;

/** The lock of one credential of the vault `file`: a sibling directory named by a hash of the slug and principal. */
export function credentialLockPath(file: string, { slug, principal }: CredentialLockName): string {
  const name = createHash("sha256")
    .update(principal === undefined ? slug : `${slug}\n${principal}`)
    .digest("hex")
    .slice(0, 16);
  return `${file}.credential-${name}.lock`;
}

/** Runs `action` holding the lock of one credential of the vault `file` (proper-lockfile, as the vault's own lock). */
export async function withCredentialFileLock<T>(
  file: string,
  credential: CredentialLockName,
  action: () => Promise<T>,
): Promise<T> {
  await ensurePrivateDirectory(path.dirname(file));
  const lockFile = credentialLockPath(file, credential);
  return withFileLock(
    {
      lockFile,
      target: lockFile,
      ...credentialLockOptions,
      failure: (_reason, cause) => new VaultLockedError({ file, lockFile, ...credentialLockOptions, cause }),
    },
    () => action(),
  );
}
