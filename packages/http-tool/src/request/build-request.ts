import { checkCredential, type AnyAuthPluginV2, type AuthRuntime } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { BuiltRequest } from "./built-request";
import { baseUrlFor } from "./base-url-cache";
import { checkPath } from "./check-path";
import { DEFAULT_HEADERS } from "./default-headers";
import { encodeQuery } from "./encode-query";
import { lookAlikeNamesOf, lookAlikeQueryNames } from "./query-name-lookalikes";
import { INVALID_CALL_REASONS } from "../errors/invalid-call-reasons";
import { InvalidCallError } from "../errors/invalid-call-error";
import { isUnderBaseUrl, joinUrl } from "./join-url";
import { normalizeToolCallWithNote } from "./normalize-tool-call";
import { createRedactor } from "../result/redact-secrets";
import { createRequestAuthorizer, type RequestAuthorizer } from "./request-authorizer";
import type { ParsedToolCall, ToolCall } from "./tool-call";

/** What `buildRequest` needs. */
export interface BuildRequestInput {
  /** The source the call goes to. */
  source: SourceRecord;
  /** The agent's call, raw or already normalized (it is normalized here, once). */
  call: ToolCall | ParsedToolCall;
  /** The stored credential; checked with the plugin's credential schema. */
  credential: Record<string, unknown>;
  /** The auth plugin selected by `source.api.authType`. */
  plugin: AnyAuthPluginV2;
  /** The source's session cache, saveCredential and clock, for v2 plugins. Default: a session of this call only, no saving. */
  auth?: AuthRuntime | undefined;
  /** Aborts a plugin that waits (a token request). Default: none. */
  signal?: AbortSignal | undefined;
  /**
   * The plugin bound to this call, when the caller made it (`callSource` does,
   * to hand the same one to the executor). Default: made here from the above.
   */
  authorizer?: RequestAuthorizer | undefined;
}

/** The body to send and its content type, or nothing. */
function serializeBody(call: ParsedToolCall): { body: string; contentType: string } | undefined {
  if (call._rawBody !== undefined)
    return { body: call._rawBody, contentType: call._contentType ?? "text/plain; charset=utf-8" };
  if (call.body === undefined) return undefined;
  let body: string | undefined;
  try {
    body = JSON.stringify(call.body);
  } catch (error) {
    throw new InvalidCallError({
      reason: INVALID_CALL_REASONS.INVALID_BODY,
      field: "body",
      message: "body cannot be serialized as JSON (a cycle or a BigInt); send plain JSON values",
      cause: error,
    });
  }
  if (body === undefined) {
    throw new InvalidCallError({
      reason: INVALID_CALL_REASONS.INVALID_BODY,
      field: "body",
      message: "body is not a JSON value; send an object, array, string, number or boolean",
    });
  }
  return { body, contentType: call._contentType ?? "application/json" };
}

/** Names whose values the plugin added or changed, comparing the query before and after `authorize`. */
function namesChangedBy(before: URLSearchParams, after: URLSearchParams): string[] {
  // The same serialization is the same pairs in the same order: nothing changed (the usual case, e.g. header auth).
  if (before.toString() === after.toString()) return [];
  const changed = new Set<string>();
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    if (before.getAll(name).join("\u0000") !== after.getAll(name).join("\u0000")) changed.add(name);
  }
  return [...changed];
}

/**
 * Turns a source, an agent's call and a credential into the request to send,
 * authorized for its first attempt (the plugin's `authorize` hook runs once;
 * it may fetch a token). Throws `InvalidCallError` when the call is unsafe or
 * wrong, `InvalidCredentialError` (from `@src/auth`) when the credential does
 * not fit the plugin, `AuthPluginHeaderError` when the plugin set a header only
 * the service may set, and the plugin's `AuthorizeError`. No message contains a secret.
 */
export async function buildRequest(input: BuildRequestInput): Promise<BuiltRequest> {
  return buildRequestWithCheckedCredential({ ...input, credential: checkCredential(input.plugin, input.credential) });
}

/**
 * `buildRequest` for a credential already parsed with the plugin's schema
 * (`checkCredential`): `callSource` and `validateSource` parse it once and hand
 * the same value to the executor, which re-applies the plugin on redirects.
 */
export async function buildRequestWithCheckedCredential({
  source,
  call,
  credential,
  plugin,
  auth,
  signal,
  authorizer: given,
}: BuildRequestInput): Promise<BuiltRequest> {
  const authorizer = given ?? createRequestAuthorizer({ source, plugin, credential, auth, signal });
  const secrets = authorizer.secrets;

  try {
    const { call: normalized, note } = normalizeToolCallWithNote(call);
    const baseUrl = baseUrlFor(source.api.baseUrl);
    const checkedPath = checkPath(normalized.path, baseUrl, {
      allowAmbiguousEncodings: source.api.allowAmbiguousPathEncodings === true,
    });
    const url = joinUrl(baseUrl, checkedPath, encodeQuery(normalized.query));
    const serialized = serializeBody(normalized);

    const headers = new Headers(DEFAULT_HEADERS);
    // The source's fixed headers (api.headers: API version, Accept, User-Agent); checked by @src/config, never the credential's.
    if (source.api.headers !== undefined)
      for (const [name, value] of Object.entries(source.api.headers)) headers.set(name, value);
    if (serialized !== undefined) headers.set("content-type", serialized.contentType);
    // Compared as servers may read them: case, ";" as a separator, a "[]" suffix, "." and space as "_", trailing NULs.
    const agentNames = new Set([
      ...lookAlikeQueryNames(checkedPath.search),
      ...Object.keys(normalized.query ?? {}).flatMap(lookAlikeNamesOf),
    ]);
    const refuseConflict = (authNames: readonly string[]): void => {
      const conflict = authNames.find((name) => lookAlikeNamesOf(name).some((authName) => agentNames.has(authName)));
      if (conflict === undefined) return;
      throw new InvalidCallError({
        reason: INVALID_CALL_REASONS.QUERY_CONFLICTS_WITH_AUTH,
        field: `query.${conflict}`,
        message: `query parameter "${conflict}" carries the credential and is added automatically; remove it from the call (authentication is never supplied by the agent)`,
      });
    };
    if (!isUnderBaseUrl(url, baseUrl)) {
      throw new InvalidCallError({
        reason: INVALID_CALL_REASONS.OUTSIDE_BASE_URL,
        field: "path",
        message: `the request would leave the API base URL "${baseUrl.href.replace(/\/$/, "")}"; pass a path under it, such as "/users"`,
      });
    }
    // The names the plugin declares are refused before it runs (no token is fetched for a wrong call);
    // the names it changed are compared after too, so a plugin that sets one it did not declare is caught all the same.
    refuseConflict(authorizer.placement.query);
    const queryBefore = agentNames.size === 0 ? undefined : new URLSearchParams(url.searchParams);
    await authorizer.authorizeHop({
      method: normalized.method,
      url,
      headers,
      body: serialized?.body,
      attempt: 1,
      signal,
    });
    if (queryBefore !== undefined) refuseConflict(namesChangedBy(queryBefore, url.searchParams));
    if (!isUnderBaseUrl(url, baseUrl)) {
      throw new InvalidCallError({
        reason: INVALID_CALL_REASONS.OUTSIDE_BASE_URL,
        field: "path",
        message: `the auth plugin moved the request off the API base URL "${baseUrl.href.replace(/\/$/, "")}"; it was not sent`,
      });
    }

    const request: BuiltRequest = {
      method: normalized.method,
      url: url.href,
      headers: Object.fromEntries(headers),
      secrets,
    };
    if (serialized !== undefined) request.body = serialized.body;
    if (note !== undefined) request.note = note;
    return request;
  } catch (error) {
    if (InvalidCallError.isInstance(error) && secrets.length > 0)
      error.message = createRedactor(secrets).redactText(error.message);
    throw error;
  }
}
