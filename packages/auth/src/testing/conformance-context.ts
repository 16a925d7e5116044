import { createAuthSessionCache } from "../auth-session-cache";
import type { AnyAuthPluginV2, AuthContext } from "../auth-plugin-v2";
import { defaultConformanceTime, type AuthPluginConformanceOptions } from "./conformance-options";

/** A context as the service gives it, with what the plugin did through it. */
export interface ConformanceContext {
  readonly context: AuthContext<Record<string, unknown>, Record<string, unknown>>;
  /** Every value passed to `registerSecret`. */
  readonly registered: string[];
  /** Every credential passed to `saveCredential`, parsed. */
  readonly saved: Record<string, unknown>[];
  /** Problems seen through the context (an invalid registered secret or saved credential). */
  readonly problems: string[];
}

/**
 * A fresh context with a fixed clock, its own session cache and abort signal.
 * `saveCredential` checks the value with the plugin's schema, as the vault does.
 */
export function createConformanceContext(
  plugin: AnyAuthPluginV2,
  config: Record<string, unknown>,
  credential: Record<string, unknown>,
  now: Date = defaultConformanceTime,
): ConformanceContext {
  const registered: string[] = [];
  const saved: Record<string, unknown>[] = [];
  const problems: string[] = [];
  const context = {
    slug: "conformance",
    config,
    credential,
    now: () => new Date(now.getTime()),
    signal: new AbortController().signal,
    session: createAuthSessionCache(),
    registerSecret(value: string) {
      if (typeof value !== "string" || value === "")
        problems.push("registerSecret was given an empty or non-string value; register only non-empty strings");
      else registered.push(value);
    },
    saveCredential(next: Record<string, unknown>) {
      const parsed = plugin.credentialSchema.safeParse(next);
      if (!parsed.success) {
        problems.push(
          "saveCredential was given a credential that credentialSchema rejects; save only valid credentials",
        );
        return Promise.reject(new Error("the credential to save does not parse with credentialSchema"));
      }
      saved.push(parsed.data as Record<string, unknown>);
      return Promise.resolve();
    },
    withCredentialLock<T>(action: (stored: Record<string, unknown> | undefined) => Promise<T>): Promise<T> {
      return action(saved.at(-1) ?? credential);
    },
  };
  return { context, registered, saved, problems };
}

/**
 * `createConformanceContext`, then, when the options give a `challenge`, the
 * plugin's `onRejected` sees it once (as a server's first 401), so that the
 * checks exercise what `authorize` sends after a challenge.
 */
export async function createPrimedContext(
  plugin: AnyAuthPluginV2,
  config: Record<string, unknown>,
  credential: Record<string, unknown>,
  options: Pick<AuthPluginConformanceOptions, "now" | "challenge">,
): Promise<ConformanceContext> {
  const created = createConformanceContext(plugin, config, credential, options.now);
  const { challenge } = options;
  if (challenge === undefined || plugin.onRejected === undefined) return created;
  const request = {
    method: "GET",
    url: new URL("http://127.0.0.1:9/v1/items"),
    headers: new Headers(),
    body: undefined,
    attempt: 1,
    signal: created.context.signal,
  };
  try {
    await plugin.onRejected(
      { status: challenge.status, headers: new Headers(challenge.headers), request },
      created.context,
    );
  } catch (error) {
    created.problems.push(
      `onRejected threw on the given challenge (${error instanceof Error ? error.name : "a non-error"}); it must accept the server's challenge`,
    );
  }
  return created;
}
