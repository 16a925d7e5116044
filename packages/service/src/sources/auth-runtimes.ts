import { createHash } from "node:crypto";
import {
  AuthorizeError,
  checkCredential,
  createAuthSessionCache,
  type AnyAuthPluginV2,
  type AuthRuntime,
  type AuthSessionCache,
  type TokenRequestEvent,
} from "@src/auth";
import { isPerUserSource, type SourceRecord } from "@src/config";
import { localPrincipal } from "../principal";
import type { CredentialVault } from "@src/vault";
import { bindCredential, boundCredentialKeysOf, unbindCredential } from "./credential-scope";

/** What each source's auth plugin gets at run time: its session, kept per source in this process. */
export interface AuthRuntimes {
  /**
   * What a v2 plugin gets for `source`: its session, and saving an updated credential to the vault under the same scope
   * binding. A per-user source has a session per principal (default `local`), and saves into that principal's own credential.
   */
  runtimeFor(source: SourceRecord, principal?: string): AuthRuntime;
  /** Drops the session of `slug` (its credential changed, or it was removed): one principal's, or every one. */
  forget(slug: string, principal?: string): void;
}

/**
 * A plugin's save built from a credential read before a sign-out (`signedOutAt`, stored by `src auth logout` in any
 * process) or a removal would undo it: a refresh under way when the operator signed out would store the new tokens
 * again, signed in with a refresh token nobody revoked. Such a save is dropped, and the call told why.
 */
function signedOutMeanwhile(slug: string): AuthorizeError {
  return new AuthorizeError({
    outcome: "failed",
    message: `source "${slug}" was signed out, or its credential removed, while this call was getting a token; nothing was saved`,
    hint: `call again: the call gets a token as the credential stored now allows (\`src auth status ${slug}\` shows it)`,
  });
}

/**
 * A renewal's save when the credential it renewed was stored anew meanwhile, by another process (a new sign-in, a new
 * client secret, a connect link): it would put back the credential that was replaced. Dropped, and the call told why.
 */
function storedAnewMeanwhile(slug: string): AuthorizeError {
  return new AuthorizeError({
    outcome: "failed",
    message: `the credential of source "${slug}" was stored anew while this call was renewing its token; nothing was saved`,
    hint: "call again: the call uses the credential stored now",
  });
}

/**
 * A vault entry's fingerprint: the SHA-256 of its fields and values. Not `JSON.stringify(entry)`, which a vault
 * entry answers with every value `[REDACTED]` (so two credentials with the same fields would look the same); hashed,
 * so no second copy of the secret is kept.
 */
function fingerprintOf(entry: Readonly<Record<string, unknown>> | undefined): string {
  return createHash("sha256")
    .update(JSON.stringify(entry === undefined ? null : { ...entry }))
    .digest("hex");
}

/** One session cache per source in this process (a v2 plugin keeps its access token there); dropped when the credential changes. */
export function createAuthRuntimes({
  vault,
  pluginOf,
  onTokenRequest,
}: {
  vault: () => Promise<CredentialVault>;
  pluginOf: (source: SourceRecord) => AnyAuthPluginV2;
  onTokenRequest: ((event: TokenRequestEvent) => void) | undefined;
}): AuthRuntimes {
  const sessions = new Map<string, AuthSessionCache>();
  return {
    runtimeFor(source, principal) {
      const owner = isPerUserSource(source) ? (principal ?? localPrincipal) : undefined;
      const key = owner === undefined ? source.slug : `${source.slug}\n${owner}`;
      const readEntry = (store: CredentialVault) =>
        owner === undefined ? store.get(source.slug) : store.getConnection(source.slug, owner);
      let session = sessions.get(key);
      if (session === undefined) {
        session = createAuthSessionCache();
        sessions.set(key, session);
      }
      // What the credential's lock gave the renewal under way (its fingerprint); `undefined` outside the lock.
      let readUnderLock: string | undefined;
      return {
        session,
        onTokenRequest,
        saveCredential: async (credential) => {
          // vault.set writes atomically under the vault's inter-process lock; the scope is the source's own.
          const checked = checkCredential(pluginOf(source), credential);
          const store = await vault();
          const stored = await readEntry(store);
          if (stored === undefined || stored.signedOutAt !== credential.signedOutAt)
            throw signedOutMeanwhile(source.slug);
          // A renewal is no test: the entry keeps the header names it was stored or tested with.
          const bound = bindCredential(checked, source, boundCredentialKeysOf(stored));
          // Under the lock a renewal saves only over the credential it read: renewals wait for each other there, but
          // a sign-in or `credential set` does not take the lock (a sign-out must not wait for a token request).
          if (readUnderLock !== undefined && fingerprintOf(stored) !== readUnderLock)
            throw storedAnewMeanwhile(source.slug);
          if (owner === undefined) await store.set(source.slug, bound);
          else await store.setConnection(source.slug, owner, bound);
          if (readUnderLock !== undefined) readUnderLock = fingerprintOf(await readEntry(store));
        },
        withCredentialLock: async (action) => {
          const store = await vault();
          const readStored = async (): Promise<Record<string, unknown> | undefined> => {
            const entry = await readEntry(store);
            readUnderLock = fingerprintOf(entry);
            return entry === undefined ? undefined : unbindCredential(entry, source);
          };
          const locked = async <T>(run: () => Promise<T>): Promise<T> => {
            try {
              return await run();
            } finally {
              readUnderLock = undefined;
            }
          };
          // A vault that cannot lock (a custom one) still gets the stored credential read again.
          if (store.withCredentialLock === undefined) return locked(async () => action(await readStored()));
          return store.withCredentialLock({ slug: source.slug, principal: owner }, () =>
            locked(async () => action(await readStored())),
          );
        },
      };
    },
    forget(slug, principal) {
      if (principal !== undefined) return void sessions.delete(`${slug}\n${principal}`);
      for (const key of [...sessions.keys()]) if (key === slug || key.startsWith(`${slug}\n`)) sessions.delete(key);
    },
  };
}
