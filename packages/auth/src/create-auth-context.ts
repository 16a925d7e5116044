import { checkCredential } from "./check-credential";
import { pluginSecrets } from "./plugin-secrets";
import type { AnyAuthPluginV2, AuthContext } from "./auth-plugin-v2";
import type { AuthSessionCache } from "./auth-session-cache";
import { createAuthSessionCache } from "./auth-session-cache";
import type { TokenRequestEvent } from "./trace-token-request";

/**
 * What the service gives every call of one source, beyond its config and
 * credential: the source's session cache (one per source per process), a way
 * to store an updated credential, and the clock.
 */
export interface AuthRuntime {
  /** The source's session cache. Default: a new one per call (nothing shared). */
  readonly session?: AuthSessionCache | undefined;
  /**
   * Stores an updated credential (already checked with the plugin's schema) for
   * the source: in the vault, under the same scope binding, under its lock.
   * Default: none; a plugin that saves then fails the call with a clear message.
   */
  readonly saveCredential?: ((credential: Record<string, unknown>) => Promise<void>) | undefined;
  /**
   * Runs `action` holding the lock of this source's credential (shared with other processes when the vault can lock)
   * and gives it the credential read again inside, before the plugin's schema (`undefined`: none is stored now).
   * Default: none; `action` gets the call's credential, and only the calls of one process share a renewal
   * (through the session's single flight).
   */
  readonly withCredentialLock?:
    (<T>(action: (stored: Record<string, unknown> | undefined) => Promise<T>) => Promise<T>) | undefined;
  /** The clock. Default `() => new Date()`. */
  readonly now?: (() => Date) | undefined;
  /**
   * Told of every request the plugin makes to a token endpoint through `traceTokenRequest` (an app counts them for
   * its metrics). Default: nobody.
   */
  readonly onTokenRequest?: ((event: TokenRequestEvent) => void) | undefined;
}

/** The `onTokenRequest` of the runtime each context was created with. */
const tokenRequestReporters = new WeakMap<object, (event: TokenRequestEvent) => void>();

/** Who hears of the token requests made for `context` (its runtime's `onTokenRequest`): pass it as `report` to `traceTokenRequest`. */
export function tokenRequestReporterOf(context: object): ((event: TokenRequestEvent) => void) | undefined {
  return tokenRequestReporters.get(context);
}

/** What `createAuthContext` needs for one call. */
export interface AuthContextInput {
  readonly slug: string;
  readonly plugin: AnyAuthPluginV2;
  readonly config: Record<string, unknown>;
  /** The credential, parsed with the plugin's schema. */
  readonly credential: Record<string, unknown>;
  readonly runtime?: AuthRuntime | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Receives every value the plugin registers as secret (the caller's redactor). */
  readonly registerSecret: (value: string) => void;
}

const neverAborted = new AbortController().signal;

/**
 * The context a v2 plugin's hooks get for one call: `saveCredential` checks the
 * value with the plugin's schema before handing it to the runtime, and
 * registers its secret values, so a saved token is redacted at once.
 */
export function createAuthContext({
  slug,
  plugin,
  config,
  credential,
  runtime,
  signal,
  registerSecret,
}: AuthContextInput): AuthContext<Record<string, unknown>, Record<string, unknown>> {
  const save = runtime?.saveCredential;
  const context: AuthContext<Record<string, unknown>, Record<string, unknown>> = {
    slug,
    config,
    credential,
    now: runtime?.now ?? (() => new Date()),
    signal: signal ?? neverAborted,
    session: runtime?.session ?? createAuthSessionCache(),
    registerSecret(value) {
      if (typeof value === "string" && value !== "") registerSecret(value);
    },
    async saveCredential(next) {
      const checked = checkCredential(plugin, next);
      for (const value of pluginSecrets(plugin, checked)) registerSecret(value);
      if (save === undefined)
        throw new Error(
          `source "${slug}": this service cannot store an updated credential (no saveCredential in its auth runtime)`,
        );
      await save(checked);
    },
    async withCredentialLock(action) {
      const lock = runtime?.withCredentialLock;
      if (lock === undefined) return action(credential);
      return lock(async (stored) => {
        if (stored === undefined) return action(undefined);
        const checked = checkCredential(plugin, stored);
        for (const value of pluginSecrets(plugin, checked)) registerSecret(value);
        return action(checked);
      });
    },
  };
  if (runtime?.onTokenRequest !== undefined) tokenRequestReporters.set(context, runtime.onTokenRequest);
  return context;
}
