import { createAuthRegistry, type AnyAuthPluginV2, type AuthRegistry } from "@src/auth";
import { defaultAuthPlugins } from "./default-auth-plugins";

/**
 * A registry with the built-in modes, plus any plugins a team adds.
 * A custom plugin's `type` must not clash with a built-in one (an `AuthError`).
 */
export function createDefaultAuthRegistry(extraPlugins: readonly AnyAuthPluginV2[] = []): AuthRegistry {
  return createAuthRegistry([...defaultAuthPlugins(), ...extraPlugins]);
}
