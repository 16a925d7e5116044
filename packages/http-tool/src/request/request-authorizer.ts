import type { AnyAuthPluginV2, AuthPlacement, AuthRuntime } from "@src/auth";
import { AuthorizeError, checkPlacement, createAuthContext, pluginSecrets } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { AuthorizeHop, HopToAuthorize, RejectionHandler } from "../execution/authorize-hop";
import { checkPluginHeaders } from "./check-plugin-headers";
import { AuthPluginFailedError, type AuthPluginHook } from "../errors/auth-plugin-failed-error";

/**
 * A source's auth plugin bound to one call: the context its hooks share (the
 * session cache, saveCredential, the clock, the call's signal), and the list of
 * secrets to redact, which grows as the plugin registers values fetched at run
 * time. The builder authorizes the first attempt; the executor every retry and
 * redirect hop (`authorizeHop`) and asks `onRejected` about a 401.
 */
export interface RequestAuthorizer {
  readonly plugin: AnyAuthPluginV2;
  /** The header and query names the plugin declared for the source's config. */
  readonly placement: AuthPlacement;
  /** Every secret of this call: the stored ones and those registered since. Live: grows, never shrinks. */
  readonly secrets: readonly string[];
  /** Runs `authorize` on the hop, then refuses a header only the service may set (`AuthPluginHeaderError`). */
  readonly authorizeHop: AuthorizeHop;
  /** The plugin's rejected-request hook, when it has one. */
  readonly onRejected: RejectionHandler | undefined;
}

/** What `createRequestAuthorizer` needs. */
export interface RequestAuthorizerInput {
  source: SourceRecord;
  plugin: AnyAuthPluginV2;
  /** The credential, already parsed with the plugin's schema. */
  credential: Record<string, unknown>;
  /** The source's session cache, saveCredential and clock. Default: a session of its own, no saving, the real clock. */
  auth?: AuthRuntime | undefined;
  signal?: AbortSignal | undefined;
}

const encoder = new TextEncoder();
const neverAborted = new AbortController().signal;

function toAttempt(hop: HopToAuthorize) {
  return {
    method: hop.method,
    url: hop.url,
    headers: hop.headers,
    body: hop.body === undefined ? undefined : encoder.encode(hop.body),
    attempt: hop.attempt,
    signal: hop.signal ?? neverAborted,
  };
}

/**
 * Binds the source's plugin to one call. Throws `AuthPluginFailedError` when `secretValues` or `placement` throws or
 * answers the wrong shape (a placement that claims a framing header too); its `authorizeHop` throws one when
 * `authorize` throws anything but `AuthorizeError`.
 */
export function createRequestAuthorizer({
  source,
  plugin,
  credential,
  auth,
  signal,
}: RequestAuthorizerInput): RequestAuthorizer {
  const failed = (hook: AuthPluginHook, cause: unknown) =>
    new AuthPluginFailedError({ authType: plugin.type, hook, slug: source.slug, cause });
  let secrets: string[];
  try {
    secrets = pluginSecrets(plugin, credential);
  } catch (error) {
    throw failed("secretValues", error);
  }
  const known = new Set(secrets);
  const registerSecret = (value: string): void => {
    if (known.has(value)) return;
    known.add(value);
    secrets.push(value);
  };
  const context = createAuthContext({
    slug: source.slug,
    plugin,
    config: source.api,
    credential,
    runtime: auth,
    signal,
    registerSecret,
  });
  const authorizeHop: AuthorizeHop = async (hop) => {
    try {
      await plugin.authorize(toAttempt(hop), context);
    } catch (error) {
      // AuthorizeError is the contract's way to say the credential could not be attached; a cancelled call stays one.
      if (AuthorizeError.isInstance(error) || hop.signal?.aborted === true || signal?.aborted === true) throw error;
      throw failed("authorize", error);
    }
    checkPluginHeaders(hop.headers, plugin.type);
  };
  const onRejected: RejectionHandler | undefined =
    plugin.onRejected === undefined
      ? undefined
      : {
          statuses: plugin.rejectedStatuses ?? [401],
          async retry({ status, headers, hop }) {
            const answer = await plugin.onRejected?.({ status, headers, request: toAttempt(hop) }, context);
            return answer?.retry === true;
          },
        };
  let placement: AuthPlacement;
  try {
    placement = checkPlacement(plugin, source.api);
  } catch (error) {
    throw failed("placement", error);
  }
  return { plugin, placement, secrets, authorizeHop, onRejected };
}

/**
 * The secrets to redact from the answer of a call whose plugin failed before its authorizer existed: the plugin's
 * own list when `secretValues` works, else every non-empty string of the credential (never less than that).
 */
export function secretsOfFailedCall(plugin: AnyAuthPluginV2, credential: Record<string, unknown>): string[] {
  try {
    return pluginSecrets(plugin, credential);
  } catch {
    return Object.values(credential).filter((value): value is string => typeof value === "string" && value !== "");
  }
}
