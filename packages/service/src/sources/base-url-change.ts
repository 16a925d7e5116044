import { describeAuthFields, type AnyAuthPluginV2 } from "@src/auth";
import type { SourceRecord, SourceStatus } from "@src/config";
import { credentialEndpointsOf, credentialScopeOf } from "./credential-scope";

/**
 * The status a source gets once its `api.baseUrl` points elsewhere than where
 * it was tested and its credential stored (a PATCH, `src source edit`, or a
 * hand edit of `config.json`): `untested`, with a message saying what to do.
 * The credential stays bound to the old address and is never sent to the new one.
 */
export function statusAfterBaseUrlChange(source: SourceRecord): Partial<SourceStatus> {
  return {
    connectionStatus: "untested",
    lastError: `api.baseUrl changed to ${source.api.baseUrl}: the stored credential belongs to the old address and is never sent to the new one; set the credential again for the new address (that tests the source again)`,
  };
}

/** Whether the change from `before` to `after` moves the source to another origin or base path. */
export function baseUrlMoved(before: SourceRecord, after: SourceRecord): boolean {
  return credentialScopeOf(before) !== credentialScopeOf(after);
}

/** Whether the change moves an endpoint of the auth mode (an OAuth `tokenUrl`, say) to another origin. */
export function authEndpointsMoved(before: SourceRecord, after: SourceRecord): boolean {
  return credentialEndpointsOf(before) !== credentialEndpointsOf(after);
}

/** The status after an auth endpoint moved: `untested`, saying the credential is not sent there until stored again. */
export function statusAfterAuthEndpointChange(): Partial<SourceStatus> {
  return {
    connectionStatus: "untested",
    lastError:
      "an address of the auth mode (such as api.tokenUrl) changed to another origin: the stored credential belongs to the old one and is never sent to the new one; set the credential again (that tests the source again)",
  };
}

/** The `api` field each plugin keys its credential by (`credentialKeysFrom`), read once per plugin. */
const keysFieldByPlugin = new WeakMap<AnyAuthPluginV2, string | null>();

/** The `api` field the plugin's credential takes its keys from (multi-header's `headerNames`), or `undefined`. */
export function credentialKeysFieldOf(plugin: AnyAuthPluginV2): string | undefined {
  let field = keysFieldByPlugin.get(plugin);
  if (field === undefined) {
    field = describeAuthFields(plugin).credentialKeysFrom?.field ?? null;
    keysFieldByPlugin.set(plugin, field);
  }
  return field ?? undefined;
}

/**
 * The value of that field in `source` as JSON (`["DD-API-KEY","DD-APPLICATION-KEY"]`), or `undefined` when the
 * plugin keys its credential by no `api` field. What a vault entry records it was stored or tested with.
 */
export function credentialKeysOf(plugin: AnyAuthPluginV2, source: SourceRecord): string | undefined {
  const field = credentialKeysFieldOf(plugin);
  return field === undefined ? undefined : JSON.stringify((source.api as Record<string, unknown>)[field] ?? null);
}

/**
 * The `api` field a change renamed the credential's own fields with (multi-header's `api.headerNames`: the credential
 * holds one value per name), or `undefined`. The stored credential then has values for the old names only.
 */
export function credentialKeysFieldChanged(
  plugin: AnyAuthPluginV2,
  before: SourceRecord,
  after: SourceRecord,
): string | undefined {
  const field = credentialKeysFieldOf(plugin);
  if (field === undefined) return undefined;
  return credentialKeysOf(plugin, before) === credentialKeysOf(plugin, after) ? undefined : field;
}

/** The status after the credential's own fields were renamed (`credentialKeysFieldChanged`). */
export function statusAfterCredentialKeysChange(field: string): Partial<SourceStatus> {
  return {
    connectionStatus: "untested",
    lastError: `api.${field} changed: the stored credential has values for the names it had before, and a call sends nothing while one is missing; set the credential again with one value per name (that tests the source again)`,
  };
}
