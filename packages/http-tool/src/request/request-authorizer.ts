import type { AnyAuthPluginV2, AuthPlacement, AuthRuntime } from "@src/auth";
import { checkPlacement, createAuthContext, pluginSecrets } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { AuthorizeHop, HopToAuthorize, RejectionHandler } from "../execution/authorize-hop";
import { checkPluginHeaders } from "./check-plugin-headers";

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

/** Binds the source's plugin to one call. Throws `AuthError` (`INVALID_PLUGIN`) when its placement claims a framing header. */
export function createRequestAuthorizer({
  source,
  plugin,
  credential,
  auth,
  signal,
}: RequestAuthorizerInput): RequestAuthorizer {
  const secrets = pluginSecrets(plugin, credential);
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
    await plugin.authorize(toAttempt(hop), context);
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
  return { plugin, placement: checkPlacement(plugin, source.api), secrets, authorizeHop, onRejected };
}
