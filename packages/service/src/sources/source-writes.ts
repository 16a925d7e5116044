import { join } from "node:path";
import { isPerUserSource, SourceNotFoundError, type SourceInput, type SourceRecord } from "@src/config";
import { applySourceChanges } from "@src/config/internal";
import { localPrincipal } from "../principal";
import { assertNoToolNameClash } from "./tool-name-clash";
import { SERVICE_ERROR_CODES, ServiceError } from "../errors/service-error";
import { writeFileAtomic } from "@src/file-lock";
import { validateSource } from "@src/http-tool";
import {
  authEndpointsMoved,
  baseUrlMoved,
  statusAfterAuthEndpointChange,
  statusAfterBaseUrlChange,
  credentialKeysFieldChanged,
  credentialKeysOf,
  statusAfterCredentialKeysChange,
} from "./base-url-change";
import { bindCredential } from "./credential-scope";
import { parseCredentialOf } from "./parse-credential-of";
import type { ServiceContext } from "./service-context";
import { discoverApiFields } from "./discover-api-fields";
import {
  assertEditedRulesNameOperations,
  recordRulesNamingNothing,
  rulesNamingNothingError,
} from "./policy-document-rules";
import type { SourceOperationResult, SourceService } from "./source-service";
import { waitsForSignIn } from "./waits-for-sign-in";

/** The service's methods that change a source or its credential. */
export type SourceWrites = Pick<
  SourceService,
  | "addSource"
  | "updateSource"
  | "reloadSource"
  | "setEnabled"
  | "removeSource"
  | "setCredential"
  | "deleteCredential"
  | "listConnections"
  | "setConnection"
  | "deleteConnection"
>;

/** Refuses a principal's credential for a shared source, and a shared credential for a per-user source: the two never mix. */
function assertCredentialMode(source: SourceRecord, perUser: boolean): void {
  if (isPerUserSource(source) === perUser) return;
  throw new ServiceError({
    code: SERVICE_ERROR_CODES.CREDENTIAL_MODE_MISMATCH,
    message: perUser
      ? `source "${source.slug}" shares one credential (api.credentials is "shared"): store it without a principal (src credential set ${source.slug}), or make the source per-user first (src source edit ${source.slug} --credentials per-user)`
      : `source "${source.slug}" sends each person's own credential (api.credentials is "per-user"): store one for a principal (src credential set ${source.slug} --principal P)`,
  });
}

/** The vault entry of a credential stored for `source`: bound to its addresses, with the header names it is stored for. */
function boundFor(
  context: ServiceContext,
  credential: Record<string, unknown>,
  source: SourceRecord,
): Record<string, unknown> {
  return bindCredential(credential, source, credentialKeysOf(context.pluginOf(source), source));
}

/** Loads the source's OpenAPI document (when it names one) with its credential: a bad one is recorded in `status.openapi`. */
async function refreshDocument(context: ServiceContext, source: SourceRecord): Promise<SourceRecord> {
  return context.documents.refresh(source, {
    plugin: context.pluginOf(source),
    credential: await context.credentials.credentialToTest(source),
    auth: context.auth.runtimeFor(source),
  });
}

/** Loads the document (unless `refreshed`: the caller just did), tests the source against its API and records the status. */
async function validateAndRecord(
  context: ServiceContext,
  given: SourceRecord,
  { refreshed = false }: { refreshed?: boolean } = {},
): Promise<SourceOperationResult> {
  const { store, pluginOf, auth } = context;
  const entry = await context.credentials.entryToTest(given);
  const credential = await context.credentials.credentialToTest(given);
  // The document first (fetched with the credential on the source's origin, indexed); a bad one is recorded in status.openapi.
  const source = refreshed
    ? given
    : await context.documents.refresh(given, {
        plugin: pluginOf(given),
        credential,
        auth: auth.runtimeFor(given),
      });
  const validation = await validateSource({
    source: context.withAbsoluteCaFile(source),
    plugin: pluginOf(source),
    credential,
    fetch: context.fetch,
    store,
    auth: auth.runtimeFor(source),
  });
  // The status now says how the credential fared with these settings: its entry records the header names it was tested with.
  if (credential !== undefined) await context.credentials.rememberTested(given, entry);
  return { source: await store.get(source.slug), validation };
}

/**
 * `addSource`: runs the auth mode's discovery (fields the operator gave stay), checks the record and the credential
 * first, writes nothing when either is invalid, rolls back a failed vault or document write; a source that waits for
 * a person's sign-in is not tested (the sign-in validates it).
 */
async function addSource(
  context: ServiceContext,
  { input: given, credential, test = true, openapiDocument }: Parameters<SourceService["addSource"]>[0],
): Promise<SourceOperationResult> {
  const { registry, store } = context;
  const authType = (given as { api?: { authType?: unknown } } | null)?.api?.authType;
  const plugin = typeof authType === "string" ? registry.find(authType) : undefined;
  const discovered = await discoverApiFields(given, plugin);
  const discovery = discovered.discovery;
  let input = discovered.input;
  if (openapiDocument !== undefined && typeof input === "object" && input !== null) {
    const api = (input as { api?: unknown }).api;
    input = {
      ...input,
      api: { ...(typeof api === "object" && api !== null ? api : {}), openapi: openapiDocument.name },
    };
  }
  const checkedCredential =
    credential === undefined || plugin === undefined ? undefined : parseCredentialOf(registry, plugin.type, credential);
  const source = await store.create(input as SourceInput);
  try {
    await assertNoToolNameClash(store, source, {
      field: "slug",
      remedy: "give this source another slug (--slug), such as one that does not end in -write or -operations",
    });
  } catch (error) {
    await store.remove(source.slug);
    throw error;
  }
  if (checkedCredential !== undefined) {
    try {
      const bound = boundFor(context, checkedCredential, source);
      // A per-user source's credential given when it is added is the operator's own (principal "local").
      if (isPerUserSource(source))
        await (await context.credentials.vault()).setConnection(source.slug, localPrincipal, bound);
      else await (await context.credentials.vault()).set(source.slug, bound);
    } catch (error) {
      await store.remove(source.slug);
      throw error;
    }
  } else if (credential !== undefined) {
    await store.remove(source.slug);
    parseCredentialOf(registry, source.api.authType, credential);
  }
  if (openapiDocument !== undefined) {
    try {
      await writeFileAtomic(join(store.directoryOf(source.slug), openapiDocument.name), openapiDocument.text);
    } catch (error) {
      await store.remove(source.slug);
      await (await context.credentials.vault()).delete(source.slug).catch(() => false);
      throw error;
    }
  }
  // The document before anything else: a policy rule that names none of its operations or tags is refused, and the
  // source is removed again.
  const loaded = await refreshDocument(context, source);
  const unnamed = loaded.status.openapi?.rulesNamingNothing ?? [];
  if (unnamed.length > 0) {
    if (checkedCredential !== undefined) {
      const vault = await context.credentials.vault();
      await vault.delete(source.slug).catch(() => false);
      await vault.deleteConnections(source.slug).catch(() => 0);
    }
    await store.remove(source.slug);
    throw rulesNamingNothingError(source.slug, unnamed);
  }
  context.notify(source.slug, "added");
  const withDiscovery = discovery === undefined ? {} : { discovery };
  // A per-user source without the operator's own credential has nothing to test with: each person connects their own.
  if (
    !test ||
    waitsForSignIn(plugin, source, checkedCredential) ||
    (isPerUserSource(source) && checkedCredential === undefined)
  )
    return { source: loaded, validation: null, ...withDiscovery };
  return { ...(await validateAndRecord(context, loaded, { refreshed: true })), ...withDiscovery };
}

/** The methods of the service that write, over `context`. */
export function sourceWritesOf(context: ServiceContext): SourceWrites {
  const { store, registry, credentials, auth } = context;
  return {
    addSource: (options) => addSource(context, options),

    async updateSource(slug, changes) {
      const before = await store.get(slug);
      const changedApi = (typeof changes.api === "object" && changes.api !== null ? changes.api : {}) as Readonly<
        Record<string, unknown>
      >;
      const changed = changedApi.policy !== undefined ? "api.policy.tools" : "api.openapi";
      if (changedApi.policy !== undefined || changedApi.openapi !== undefined) {
        const after = applySourceChanges(before, changes, slug);
        await assertNoToolNameClash(store, after as Parameters<typeof assertNoToolNameClash>[1], {
          field: changed,
          remedy: `leave ${changed} as it was, or remove or rename the other source`,
        });
        // A rule this edit writes that names nothing in the source's (unchanged) document is refused here.
        await assertEditedRulesNameOperations(context, before, after);
      }
      let source = await store.update(slug, changes);
      if (baseUrlMoved(before, source)) source = await store.setStatus(slug, statusAfterBaseUrlChange(source));
      else if (authEndpointsMoved(before, source))
        source = await store.setStatus(slug, statusAfterAuthEndpointChange());
      else {
        const renamed = credentialKeysFieldChanged(context.pluginOf(source), before, source);
        if (renamed !== undefined) source = await store.setStatus(slug, statusAfterCredentialKeysChange(renamed));
      }
      if (before.api.openapi !== source.api.openapi) source = await refreshDocument(context, source);
      else if (JSON.stringify(before.api.policy) !== JSON.stringify(source.api.policy))
        source = await recordRulesNamingNothing(context, source);
      // Another credential mode: the sessions of the old one are dropped (a shared token is no one's own, and back).
      if (isPerUserSource(before) !== isPerUserSource(source)) auth.forget(slug);
      context.notify(slug, "updated");
      return source;
    },

    async reloadSource(slug) {
      const source = await store.get(slug);
      // A per-user source without the operator's own credential has nothing to test with, as when it was added: its
      // status stays what it is (people's calls go on), and the test is skipped.
      const result =
        isPerUserSource(source) && (await credentials.credentialToTest(source)) === undefined
          ? { source: await refreshDocument(context, source), validation: null }
          : await validateAndRecord(context, source);
      context.notify(slug, "reloaded");
      return result;
    },

    async setEnabled(slug, enabled) {
      const source = await store.update(slug, { enabled });
      context.notify(slug, "updated");
      return source;
    },

    async removeSource(slug) {
      await store.get(slug).catch((error: unknown) => {
        if (SourceNotFoundError.isInstance(error)) throw error;
      });
      await (await credentials.vault()).delete(slug);
      await (await credentials.vault()).deleteConnections(slug);
      await store.remove(slug);
      auth.forget(slug);
      context.notify(slug, "removed");
    },

    async setCredential(slug, credential, { test = true } = {}) {
      const source = await store.get(slug);
      assertCredentialMode(source, false);
      const checked = parseCredentialOf(registry, source.api.authType, credential);
      await (await credentials.vault()).set(slug, boundFor(context, checked, source));
      auth.forget(slug);
      context.notify(slug, "credential");
      if (!test) return { source, validation: null };
      return validateAndRecord(context, source);
    },

    async deleteCredential(slug) {
      await store.get(slug);
      const deleted = await (await credentials.vault()).delete(slug);
      auth.forget(slug);
      context.notify(slug, "credential");
      return deleted;
    },

    async listConnections(filter = {}) {
      if (filter.slug !== undefined) await store.get(filter.slug);
      return (await credentials.vault()).listConnections(filter);
    },

    async setConnection(slug, principal, credential) {
      const source = await store.get(slug);
      assertCredentialMode(source, true);
      const checked = parseCredentialOf(registry, source.api.authType, credential);
      await (await credentials.vault()).setConnection(slug, principal, boundFor(context, checked, source));
      auth.forget(slug, principal);
      context.notify(slug, "credential");
      return { source, validation: null };
    },

    async deleteConnection(slug, principal) {
      await store.get(slug);
      const deleted = await (await credentials.vault()).deleteConnection(slug, principal);
      auth.forget(slug, principal);
      context.notify(slug, "credential");
      return deleted;
    },
  };
}
