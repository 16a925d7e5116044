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
import { bindCredential, unbindCredential } from "./credential-scope";

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
      let session = sessions.get(key);
      if (session === undefined) {
        session = createAuthSessionCache();
        sessions.set(key, session);
      }
      return {
        session,
        onTokenRequest,
        saveCredential: async (credential) => {
          // vault.set writes atomically under the vault's inter-process lock; the scope is the source's own.
          const bound = bindCredential(checkCredential(pluginOf(source), credential), source);
          const store = await vault();
          const stored =
            owner === undefined ? await store.get(source.slug) : await store.getConnection(source.slug, owner);
          if (stored === undefined || stored.signedOutAt !== credential.signedOutAt)
            throw signedOutMeanwhile(source.slug);
          if (owner === undefined) await store.set(source.slug, bound);
          else await store.setConnection(source.slug, owner, bound);
        },
        withCredentialLock: async (action) => {
          const store = await vault();
          const readStored = async (): Promise<Record<string, unknown> | undefined> => {
            const entry =
              owner === undefined ? await store.get(source.slug) : await store.getConnection(source.slug, owner);
            return entry === undefined ? undefined : unbindCredential(entry, source);
          };
          // A vault that cannot lock (a custom one) still gets the stored credential read again.
          if (store.withCredentialLock === undefined) return action(await readStored());
          return store.withCredentialLock({ slug: source.slug, principal: owner }, async () =>
            action(await readStored()),
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
