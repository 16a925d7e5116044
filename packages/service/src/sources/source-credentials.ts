import type { AnyAuthPluginV2 } from "@src/auth";
import { isPerUserSource, type SourceRecord, type SourceStore } from "@src/config";
import { localPrincipal } from "../principal";
import { createRedactedCredential, type CredentialVault } from "@src/vault";
import {
  credentialKeysFieldOf,
  credentialKeysOf,
  statusAfterBaseUrlChange,
  statusAfterCredentialKeysChange,
} from "./base-url-change";
import { boundCredentialKeysOf, credentialBindingOf, credentialKeysKey, unbindCredential } from "./credential-scope";
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
   * The vault entry a source's test call reads (`credentialToTest`), as stored: its binding included. Read before a
   * test, and handed to `rememberTested` after it.
   */
  entryToTest(source: SourceRecord): Promise<Readonly<Record<string, unknown>> | undefined>;
  /**
   * After a test of `source` that sent the credential of `entry`: records in that vault entry the `api.headerNames`
   * (the field the credential's keys come from) the test was made with, so `withCurrentStatus` keeps its status.
   * Nothing is written when the entry records them already, has no such field, or was stored anew meanwhile.
   */
  rememberTested(source: SourceRecord, entry: Readonly<Record<string, unknown>> | undefined): Promise<void>;
  /**
   * The status as it stands for the source's current settings (`config.json` may have been edited by hand):
   * - a `connected` source whose credential (for a per-user source the local operator's own, which its test sends)
   *   belongs to another base URL is `connected` no more: its calls would answer NO_CREDENTIAL;
   * - a tested source (`connected`, `needs_auth`, `failed`) whose credential was stored or last tested with other
   *   names in the field its keys come from (multi-header's `api.headerNames`) was tested with other headers.
   * Either becomes `untested` (written to the store), saying why and to set the credential again.
   */
  withCurrentStatus(source: SourceRecord): Promise<SourceRecord>;
}

/** Whether two vault entries hold the same fields and values (compared value by value: an entry prints redacted). */
function sameEntry(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && JSON.stringify(a[key]) === JSON.stringify(b[key]))
  );
}

/** The credentials of the sources of `store`, read from the vault `openVault` opens. */
export function createSourceCredentials({
  store,
  openVault,
  observer,
  pluginOf,
}: {
  store: SourceStore;
  openVault: () => Promise<CredentialVault>;
  observer: ServiceObserver | undefined;
  /** The auth plugin of a source's mode, or `undefined` when the registry has none. */
  pluginOf: (source: SourceRecord) => AnyAuthPluginV2 | undefined;
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

  async function entryToTest(source: SourceRecord): Promise<Readonly<Record<string, unknown>> | undefined> {
    try {
      const opened = await vault();
      return await (isPerUserSource(source)
        ? opened.getConnection(source.slug, localPrincipal)
        : opened.get(source.slug));
    } catch (error) {
      observer?.vaultError?.(error);
      throw error;
    }
  }

  /** The status for a source whose stored credential was recorded with other names than its `api` has now, if so. */
  function statusForChangedKeys(source: SourceRecord, entry: Readonly<Record<string, unknown>>) {
    const plugin = pluginOf(source);
    const field = plugin === undefined ? undefined : credentialKeysFieldOf(plugin);
    if (plugin === undefined || field === undefined) return undefined;
    // An entry stored before the names were recorded says none: its status stays, and the names are recorded when next tested.
    const bound = boundCredentialKeysOf(entry);
    return bound === undefined || bound === credentialKeysOf(plugin, source)
      ? undefined
      : statusAfterCredentialKeysChange(field);
  }

  return {
    vault,
    credentialFor,
    connectionFor,
    entryToTest,
    credentialToTest: (source) =>
      isPerUserSource(source) ? connectionFor(source, localPrincipal) : credentialFor(source),
    async hasCredential(source) {
      return (await credentialFor(source)) !== undefined;
    },
    async storedCredentialSlugs(sourceCount) {
      if (sourceCount === 0) return new Set();
      return new Set((await (await vault()).list()).map((entry) => entry.slug));
    },
    async rememberTested(source, entry) {
      const plugin = pluginOf(source);
      const keys = plugin === undefined ? undefined : credentialKeysOf(plugin, source);
      if (entry === undefined || keys === undefined || boundCredentialKeysOf(entry) === keys) return;
      const current = await entryToTest(source);
      // Stored anew while the test ran: that credential records what it was stored with.
      if (current === undefined || !sameEntry(current, entry)) return;
      const remembered = { ...current, [credentialKeysKey]: keys };
      const opened = await vault();
      if (isPerUserSource(source)) await opened.setConnection(source.slug, localPrincipal, remembered);
      else await opened.set(source.slug, remembered);
    },
    async withCurrentStatus(source) {
      if (source.status.connectionStatus === "untested") return source;
      const entry = await entryToTest(source);
      if (entry === undefined) return source;
      if (unbindCredential(entry, source) === undefined)
        return source.status.connectionStatus === "connected"
          ? store.setStatus(source.slug, statusAfterBaseUrlChange(source))
          : source;
      const status = statusForChangedKeys(source, entry);
      return status === undefined ? source : store.setStatus(source.slug, status);
    },
  };
}
