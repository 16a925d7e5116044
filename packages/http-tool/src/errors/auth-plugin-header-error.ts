import { serviceControlledHeaderReason } from "@src/auth";
import { HTTP_TOOL_ERROR_CODES, HttpToolError } from "./http-tool-error";

/**
 * The auth plugin set a header the service controls (`Content-Length`,
 * `Transfer-Encoding`, `Host`, `Connection`, `Upgrade`, `Proxy-*`...), and
 * the request was not sent. The plugin is at fault, not the agent's call:
 * the code is `NETWORK`, not retryable. Names the plugin type and the header,
 * never a value.
 */
export class AuthPluginHeaderError extends HttpToolError {
  static override readonly marker: string = "src.http-tool.error.AuthPluginHeaderError";
  /** The plugin's `type` (`api.authType`). */
  readonly authType: string;
  /** The header, lower case. */
  readonly header: string;

  constructor({ authType, header, cause }: { authType: string; header: string; cause?: unknown }) {
    const reason = serviceControlledHeaderReason(header) ?? "the service controls it";
    super({
      code: HTTP_TOOL_ERROR_CODES.NETWORK,
      message: `auth plugin "${authType}" set the header "${header}", which only the service may set (${reason}); the request was not sent. Fix the plugin so it leaves framing, connection and proxy headers alone, or use another auth type`,
      cause,
    });
    this.authType = authType;
    this.header = header;
  }
}
