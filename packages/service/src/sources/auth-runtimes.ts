import { checkCredential, createAuthSessionCache, type AnyAuthPluginV2, type AuthRuntime, type AuthSessionCache, type TokenRequestEvent } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { CredentialVault } from "@src/vault";
import { bindCredential } from "./credential-scope";

/** What each source's auth plugin gets at run time: its session, kept per source in this process. */
export interface AuthRuntimes {
  /** What a v2 plugin gets for `source`: its session, and saving an updated credential to the vault under the same scope binding. */
  runtimeFor(source: SourceRecord): AuthRuntime;
  /** Drops the session of `slug` (its credential changed, or it was removed). */
  forget(slug: string): void;
}

/** One session cache per source in this process (a v2 plugin keeps its access token there); dropped when the credential changes. */
export function createAuthRuntimes({ vault, pluginOf, onTokenRequest }: {
  vault: () => Promise<CredentialVault>;
  pluginOf: (source: SourceRecord) => AnyAuthPluginV2;
  onTokenRequest: ((event: TokenRequestEvent) => void) | undefined;
}): AuthRuntimes {
  const sessions = new Map<string, AuthSessionCache>();
  return {
    runtimeFor(source) {
      let session = sessions.get(source.slug);
      if (session === undefined) {
        session = createAuthSessionCache();
        sessions.set(source.slug, session);
      }
      return {
        session,
        onTokenRequest,
        saveCredential: async (credential) => {
          // vault.set writes atomically under the vault's inter-process lock; the scope is the source's own.
          await (await vault()).set(source.slug, bindCredential(checkCredential(pluginOf(source), credential), source));
        },
      };
    },
    forget(slug) {
      sessions.delete(slug);
    },
  };
}
