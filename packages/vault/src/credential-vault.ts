import type { z } from "zod";
import type { VaultCredential } from "./redacted-credential";

/** One row of `CredentialVault.list()`: never a value. */
export interface VaultListEntry {
  readonly slug: string;
  /** ISO 8601 time of the last `set`. */
  readonly updatedAt: string;
}

/** One row of `CredentialVault.listConnections()`: who is connected to which per-user source; never a value. */
export interface VaultConnectionEntry {
  readonly slug: string;
  /** Who the credential belongs to (`idp:SUB`, `grant:NAME`, `token:NAME`, `local`). */
  readonly principal: string;
  /** ISO 8601 time of the last `setConnection`. */
  readonly updatedAt: string;
}

/** Options of `CredentialVault.set`. */
export interface VaultSetOptions {
  /** The auth plugin's `credentialSchema`; the credential is checked with it (and its parsed output stored). Default: none, any plain object of JSON values. */
  readonly schema?: z.ZodType | undefined;
}

/**
 * Where credentials live, whatever holds them: the vault file of this package
 * (`Vault`, from `openVault`) or a database (`@src/store-postgres`). Every
 * implementation encrypts in the process (AES-256-GCM, each entry bound to the
 * vault's id and its slug) and writes each change atomically, so concurrent
 * writers never lose one. The service knows only this interface.
 */
export interface CredentialVault {
  /** The credential stored under `slug`, or `undefined`. Its values print as `[REDACTED]`. */
  get<TCredential extends Record<string, unknown> = Record<string, unknown>>(
    slug: string,
  ): Promise<VaultCredential<TCredential> | undefined>;
  /** Whether a credential is stored under `slug`. */
  has(slug: string): Promise<boolean>;
  /** Slugs and their `updatedAt`, sorted by slug; never values. */
  list(): Promise<VaultListEntry[]>;
  /** Encrypts and stores `credential` under `slug`, replacing any previous one. Resolves once it is durably stored. */
  set(slug: string, credential: Record<string, unknown>, options?: VaultSetOptions): Promise<void>;
  /** Removes the credential under `slug`; resolves to whether there was one. */
  delete(slug: string): Promise<boolean>;
  /**
   * One principal's own credential for a per-user source, or `undefined`. Sealed apart from the shared one and from
   * every other principal's, its associated data bound to the slug and the principal: a credential moved to another
   * principal's place fails to decrypt.
   */
  getConnection<TCredential extends Record<string, unknown> = Record<string, unknown>>(
    slug: string,
    principal: string,
  ): Promise<VaultCredential<TCredential> | undefined>;
  /** Encrypts and stores `principal`'s credential for `slug`, replacing theirs. */
  setConnection(
    slug: string,
    principal: string,
    credential: Record<string, unknown>,
    options?: VaultSetOptions,
  ): Promise<void>;
  /** Removes `principal`'s credential for `slug`; resolves to whether there was one. */
  deleteConnection(slug: string, principal: string): Promise<boolean>;
  /** Removes every principal's credential for `slug` (the source was removed); resolves to how many there were. */
  deleteConnections(slug: string): Promise<number>;
  /** Who is connected to what, sorted by slug then principal; never values. */
  listConnections(filter?: {
    slug?: string | undefined;
    principal?: string | undefined;
  }): Promise<VaultConnectionEntry[]>;
  /**
   * Runs `action` while holding the lock of one credential (`principal` given: that principal's connection), shared
   * by every process using this vault: no other process runs its own `withCredentialLock` of the same credential
   * meanwhile. For a plugin that renews a rotating token (an OAuth 2.0 refresh token the provider accepts only once):
   * inside, read the credential again, and renew only when no other process did meanwhile. Hold it only for that: a
   * token request and its save. It is not the lock of `set` (writes go on while it is held). Throws `VaultLockedError`
   * when another process held it for longer than the wait allows. Optional: without it, only the calls of one process
   * share a renewal.
   */
  withCredentialLock?<T>(credential: CredentialLockName, action: () => Promise<T>): Promise<T>;
}

/** Which credential `CredentialVault.withCredentialLock` locks: the shared one of `slug`, or one principal's connection. */
export interface CredentialLockName {
  readonly slug: string;
  readonly principal?: string | undefined;
}
