import { HTTP_TOOL_ERROR_CODES, HttpToolError } from "./http-tool-error";

/** The plugin hook that failed. */
export type AuthPluginHook = "authorize" | "placement" | "secretValues";

/**
 * The source's auth plugin threw, or answered something that is not what its
 * contract says (`placement` without `headers`, `secretValues` that is not a
 * list of strings), and the request was not sent. The plugin is at fault, not
 * the agent's call: the code is `NETWORK`, not retryable, and the message names
 * the plugin, the hook and the source so an operator knows what to fix. The
 * plugin's own message is kept (a signing library's reason); whoever shows it
 * redacts it first, as every error of a call is.
 */
export class AuthPluginFailedError extends HttpToolError {
  static override readonly marker: string = "src.http-tool.error.AuthPluginFailedError";
  /** The plugin's `type` (`api.authType`). */
  readonly authType: string;
  readonly hook: AuthPluginHook;

  constructor({
    authType,
    hook,
    slug,
    cause,
  }: {
    authType: string;
    hook: AuthPluginHook;
    slug: string;
    cause: unknown;
  }) {
    const reason = (cause instanceof Error ? cause.message : String(cause)).slice(0, 500);
    super({
      code: HTTP_TOOL_ERROR_CODES.NETWORK,
      message: `auth plugin "${authType}" failed in ${hook} for source "${slug}": ${reason}; the request was not sent. An operator must fix the plugin or the source's config (then check it with \`src source test ${slug}\`); calling again will not help`,
      cause,
    });
    this.authType = authType;
    this.hook = hook;
  }
}
