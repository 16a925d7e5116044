import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Sql } from "postgres";
import type { CredentialLockName } from "@src/vault";
import { assertPrincipal, assertVaultSlug, credentialLockOptions } from "@src/vault/internal";
import { STORE_POSTGRES_ERROR_CODES, StorePostgresError } from "../errors/store-postgres-error";

/**
 * How long a lease of `src_credential_locks` lasts: past it, the holder counts as gone (a replica that died while
 * renewing) and the next one takes the lease over. Longer than a token request and its save.
 */
const leaseSeconds = 60;

/**
 * `withCredentialLock` of the PostgreSQL vault: a lease row per credential in `src_credential_locks` (migration 7),
 * taken with one upsert that succeeds only when the row is missing or its lease ran out, polled with a small back-off
 * and released by deleting the row. No connection is held while the action runs (a token request may take seconds,
 * and the action itself reads and writes through the same pool). `before` runs once the lease is had (the vault
 * forgets its cached copy of the credential, so the action reads what another replica stored just before).
 */
export function createPostgresCredentialLock({
  sql,
  location,
  before,
}: {
  sql: Sql;
  location: string;
  before: (credential: CredentialLockName) => void;
}): <T>(credential: CredentialLockName, action: () => Promise<T>) => Promise<T> {
  return async (credential, action) => {
    assertVaultSlug(credential.slug);
    if (credential.principal !== undefined) assertPrincipal(credential.principal);
    const name = credential.principal === undefined ? credential.slug : `${credential.slug}\n${credential.principal}`;
    const holder = randomUUID();
    const deadline = Date.now() + credentialLockOptions.timeoutMs;
    let delay = 10;
    for (;;) {
      const taken = await sql`insert into src_credential_locks (name, holder, expires_at)
        values (${name}, ${holder}, now() + make_interval(secs => ${leaseSeconds}))
        on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where src_credential_locks.expires_at < now()
        returning holder`;
      if (taken.length > 0) break;
      if (Date.now() >= deadline)
        throw new StorePostgresError({
          code: STORE_POSTGRES_ERROR_CODES.STORE_UNAVAILABLE,
          message: `the credential of source "${credential.slug}" was being renewed by another replica for longer than ${credentialLockOptions.timeoutMs} ms (store ${location}); nothing was written, try again`,
        });
      await sleep(delay / 2 + Math.random() * delay);
      delay = Math.min(delay * 1.5, 100);
    }
    try {
      before(credential);
      return await action();
    } finally {
      await sql`delete from src_credential_locks where name = ${name} and holder = ${holder}`.catch(() => undefined);
    }
  };
}
