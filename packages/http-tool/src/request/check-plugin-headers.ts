import { AuthPluginHeaderError } from "../errors/auth-plugin-header-error";
import { findServiceControlledHeader } from "@src/auth";

/**
 * Throws `AuthPluginHeaderError` when `headers`, as the auth plugin left them,
 * hold a header only the service may set. Called after every `plugin.apply`
 * (the first request and each followed redirect): the builder itself never sets one.
 */
export function checkPluginHeaders(headers: Headers, authType: string): void {
  const header = findServiceControlledHeader(headers.keys());
  if (header !== undefined) throw new AuthPluginHeaderError({ authType, header });
}
