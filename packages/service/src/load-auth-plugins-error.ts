import { ServiceError, type ServiceErrorCode } from "./errors/service-error";

/** The codes `loadAuthPlugins` throws with. */
export type AuthPluginLoadErrorCode = Extract<ServiceErrorCode, `AUTH_PLUGIN_${string}`>;

/**
 * An auth plugin module named in `SRC_AUTH_PLUGINS` (or given to
 * `loadAuthPlugins`) could not be used. The message names the specifier,
 * what was wrong and what to do; `specifier` keeps it for callers.
 */
export class AuthPluginLoadError extends ServiceError {
  static override readonly marker: string = "src.service.error.AuthPluginLoadError";
  /** The module specifier as given, e.g. `@acme/src-auth-sigv4` or `./auth/hmac.js`. */
  readonly specifier: string;

  constructor({
    code,
    specifier,
    message,
    cause,
  }: {
    code: AuthPluginLoadErrorCode;
    specifier: string;
    message: string;
    cause?: unknown;
  }) {
    super({ code, message, cause });
    this.specifier = specifier;
  }
}
