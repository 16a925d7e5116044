import { isPerUserSource, type SourceRecord, type SourceStore } from "@src/config";
import { localPrincipal } from "../principal";
import { createRedactedCredential, type CredentialVault } from "@src/vault";
import { statusAfterBaseUrlChange } from "./base-url-change";
import { credentialBindingOf, unbindCredential } from "./credential-scope";
import type { ServiceObserver } from "./source-service-options";

/** The credentials of the sources as the service reads them: bound to each source's base URL, redacted, cached per vault entry. */
export interface SourceCredentials {
  /** The vault, opened on first use (a failed open is tried again next time). */
  readonly vault: () => Promise<CredentialVault>;
  /** The credential to send for `source`, or `undefined` when none is stored or it was stored for another base URL. */
  credentialFor(source: SourceRecord): Promise<Record<string, unknown> | undefined>;
  hasCredential(source: SourceRecord): Promise<boolean>;
  /** `principal`'s own credential for a per-user source, or `undefined` (none, or stored for another base URL). Read on every call. */
  connectionFor(source: SourceRecord, principal: string): Promise<Record<string, unknown> | undefined>;
  /** What a source's test call sends: its shared credential, or for a per-user source the local operator's own. */
  credentialToTest(source: SourceRecord): Promise<Record<string, unknown> | undefined>;
  /**
   * The slugs with a vault entry, read once for a listing: asking the vault
   * about each of thousands of sources would check its file each time.
   * Nothing is opened for an empty listing.
   */
  storedCredentialSlugs(sourceCount: number): Promise<ReadonlySet<string>>;
  /**
   * A `connected` source whose stored credential belongs to another base URL
   * (`config.json` edited by hand) is `connected` no more: its calls would
   * answer NO_CREDENTIAL. Its status becomes `untested`, saying why.
   */
  withCurrentStatus(source: SourceRecord): Promise<SourceRecord>;
}

/** The credentials of the sources of `store`, read from the vault `openVault` opens. */
export function createSourceCredentials({
  store,
  openVault,
  observer,
}: {
  store: SourceStore;
  openVault: () => Promise<CredentialVault>;
  observer: ServiceObserver | undefined;
}): SourceCredentials {
  let vaultPromise: Promise<CredentialVault> | undefined;
  const vault = (): Promise<CredentialVault> => {
    vaultPromise ??= openVault();
    vaultPromise.catch(() => (vaultPromise = undefined));
    return vaultPromise;
  };
  /** Credentials already unbound from a vault entry, per entry object and scope: the vault hands out the same frozen entry while it is unchanged. */
  const unboundCredentials = new WeakMap<object, { scope: string; credential: Record<string, unknown> | undefined }>();

  async function credentialFor(source: SourceRecord): Promise<Record<string, unknown> | undefined> {
    let entry;
    try {
      entry = await (await vault()).get(source.slug);
    } catch (error) {
      observer?.vaultError?.(error);
      throw error;
    }
    if (entry === undefined) return undefined;
    const scope = credentialBindingOf(source);
    const known = unboundCredentials.get(entry);
    if (known?.scope === scope) return known.credential;
    const unbound = unbindCredential(entry, source);
    const credential = unbound === undefined ? undefined : createRedactedCredential(unbound);
    // Only a frozen entry can be a key: nobody can change it after this check.
    if (Object.isFrozen(entry)) unboundCredentials.set(entry, { scope, credential });
    return credential;
  }

  async function connectionFor(source: SourceRecord, principal: string): Promise<Record<string, unknown> | undefined> {
    let entry;
    try {
      entry = await (await vault()).getConnection(source.slug, principal);
    } catch (error) {
      observer?.vaultError?.(error);
      throw error;
    }
    if (entry === undefined) return undefined;
    const unbound = unbindCredential(entry, source);
    return unbound === undefined ? undefined : createRedactedCredential(unbound);
  }

  return {
    vault,
    credentialFor,
    connectionFor,
    credentialToTest: (source) =>
      isPerUserSource(source) ? connectionFor(source, localPrincipal) : credentialFor(source),
    async hasCredential(source) {
      return (await credentialFor(source)) !== undefined;
    },
    async storedCredentialSlugs(sourceCount) {
      if (sourceCount === 0) return new Set();
      return new Set((await (await vault()).list()).map((entry) => entry.slug));
    },
    async withCurrentStatus(source) {
      if (source.status.connectionStatus !== "connected" || (await credentialFor(source)) !== undefined) return source;
      if (!(await (await vault()).has(source.slug))) return source;
      return store.setStatus(source.slug, statusAfterBaseUrlChange(source));
    },
  };
}
