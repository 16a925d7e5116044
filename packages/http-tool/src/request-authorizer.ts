import type { AnyAuthPlugin, AnyAuthPluginV2, AuthPlacement, AuthRuntime } from "@src/auth";
import { checkPlacement, createAuthContext, pluginSecrets, toAuthPluginV2 } from "@src/auth";
import type { SourceRecord } from "@src/config";
import { checkPluginHeaders } from "./check-plugin-headers";

/** One request (a first attempt, a retry or a redirect hop) for the plugin to authorize, changed in place. */
export interface RequestToAuthorize {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

/**
 * A source's auth plugin bound to one call: the context its hooks share (the
 * session cache, saveCredential, the clock, the call's signal), and the list of
 * secrets to redact, which grows as the plugin registers values fetched at run
 * time. The builder authorizes the first attempt, the executor every retry,
 * redirect hop and rejected-request retry.
 */
export interface RequestAuthorizer {
  readonly plugin: AnyAuthPluginV2;
  /** The header and query names the plugin declared for the source's config. */
  readonly placement: AuthPlacement;
  /** Every secret of this call: the stored ones and those registered since. Live: grows, never shrinks. */
  readonly secrets: readonly string[];
  /** Runs `authorize` on `request` for `attempt`, then refuses a header only the service may set (`AuthPluginHeaderError`). */
  authorize(request: RequestToAuthorize, attempt: number): Promise<void>;
  /** Statuses for which `onRejected` is asked (empty when the plugin has no such hook). */
  readonly rejectedStatuses: readonly number[];
  /** Asks the plugin whether to retry a request it sees rejected (called at most once per call by the executor). */
  onRejected(status: number, headers: Headers, request: RequestToAuthorize, attempt: number): Promise<boolean>;
}

/** What `createRequestAuthorizer` needs. */
export interface RequestAuthorizerInput {
  source: SourceRecord;
  plugin: AnyAuthPlugin | AnyAuthPluginV2;
  /** The credential, already parsed with the plugin's schema. */
  credential: Record<string, unknown>;
  /** The source's session cache, saveCredential and clock. Default: a session of its own, no saving, the real clock. */
  auth?: AuthRuntime | undefined;
  signal?: AbortSignal | undefined;
}

const encoder = new TextEncoder();
const neverAborted = new AbortController().signal;

/** Binds the source's plugin to one call. Throws `AuthError` (`INVALID_PLUGIN`) when its placement claims a framing header. */
export function createRequestAuthorizer({ source, plugin: anyPlugin, credential, auth, signal }: RequestAuthorizerInput): RequestAuthorizer {
  const plugin = toAuthPluginV2(anyPlugin);
  const secrets = pluginSecrets(plugin, credential);
  const known = new Set(secrets);
  const registerSecret = (value: string): void => {
    if (known.has(value)) return;
    known.add(value);
    secrets.push(value);
  };
  const context = createAuthContext({ slug: source.slug, plugin, config: source.api, credential, runtime: auth, signal, registerSecret });
  const placement = checkPlacement(plugin, source.api);
  const toAttempt = (request: RequestToAuthorize, attempt: number) => ({
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: request.body === undefined ? undefined : encoder.encode(request.body),
    attempt,
    signal: signal ?? neverAborted,
  });
  const hasRejectionHook = plugin.onRejected !== undefined;
  return {
    plugin,
    placement,
    secrets,
    async authorize(request, attempt) {
      await plugin.authorize(toAttempt(request, attempt), context);
      checkPluginHeaders(request.headers, plugin.type);
    },
    rejectedStatuses: hasRejectionHook ? (plugin.rejectedStatuses ?? [401]) : [],
    async onRejected(status, headers, request, attempt) {
      if (plugin.onRejected === undefined) return false;
      const answer = await plugin.onRejected({ status, headers, request: toAttempt(request, attempt) }, context);
      return answer.retry;
    },
  };
}
