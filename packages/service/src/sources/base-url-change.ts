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
