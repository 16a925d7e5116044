import type { AuthContext, AuthSessionCache } from "@src/auth";
import { createAuthSessionCache } from "@src/auth";
import type { OAuth2Config, OAuth2Credential } from "../src/index";
import { oauth2ConfigSchema, oauth2CredentialSchema } from "../src/index";

/** A stored credential shared by several "processes" (contexts with their own session caches), like the vault. */
export interface CredentialStore {
  current: OAuth2Credential;
  saves: number;
}

/** A context as the service builds it: the newest stored credential, a session cache per process, a movable clock. */
export function createOAuth2Context({
  api,
  store,
  session = createAuthSessionCache(),
  now = () => new Date(),
  slug = "crm",
  registered = [],
}: {
  api: Record<string, unknown>;
  store: CredentialStore;
  session?: AuthSessionCache;
  now?: () => Date;
  slug?: string;
  registered?: string[];
}): AuthContext<OAuth2Config, OAuth2Credential> {
  return {
    slug,
    config: oauth2ConfigSchema.parse(api),
    credential: store.current,
    now,
    signal: new AbortController().signal,
    session,
    registerSecret: (value) => void registered.push(value),
    saveCredential: (credential) => {
      store.current = oauth2CredentialSchema.parse(credential);
      store.saves += 1;
      return Promise.resolve();
    },
    withCredentialLock: (action) => action(store.current),
  };
}
