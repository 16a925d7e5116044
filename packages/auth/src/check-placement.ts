import { AUTH_ERROR_CODES, AuthError } from "./errors/auth-error";
import { serviceControlledHeaderReason } from "./service-controlled-headers";
import type { AnyAuthPluginV2, AuthPlacement } from "./auth-plugin-v2";

/**
 * The plugin's declared placement for `config`, checked: lists of strings, and
 * no header only the service may set. Throws `AuthError` (`INVALID_PLUGIN`)
 * naming the header and why; run when a source is loaded, before any request.
 */
export function checkPlacement(plugin: AnyAuthPluginV2, config: Record<string, unknown>): AuthPlacement {
  const placement = plugin.placement(config);
  const valid = (list: unknown) => Array.isArray(list) && list.every((name) => typeof name === "string" && name !== "");
  if (
    typeof placement !== "object" ||
    placement === null ||
    !valid(placement.headers) ||
    !valid(placement.query) ||
    (placement.optionalHeaders !== undefined && !valid(placement.optionalHeaders))
  ) {
    throw new AuthError({
      code: AUTH_ERROR_CODES.INVALID_PLUGIN,
      message: `auth plugin "${plugin.type}": placement(config) must return { headers: string[], query: string[], optionalHeaders?: string[] } naming what authorize sets`,
    });
  }
  for (const header of [...placement.headers, ...(placement.optionalHeaders ?? [])]) {
    const reason = serviceControlledHeaderReason(header);
    if (reason !== undefined) {
      throw new AuthError({
        code: AUTH_ERROR_CODES.INVALID_PLUGIN,
        message: `auth plugin "${plugin.type}" declares header "${header}", which only the service may set (${reason}); put the credential in another header`,
      });
    }
  }
  return placement;
}
