import { createAuthRegistry, type AnyAuthPlugin, type AuthRegistry } from "@src/auth";
import { defaultAuthPlugins } from "./default-auth-plugins";

/**
 * A registry with the four built-in modes, plus any plugins a team adds.
 * A custom plugin's `type` must not clash with a built-in one (an `AuthError`).
 */
export function createDefaultAuthRegistry(extraPlugins: readonly AnyAuthPlugin[] = []): AuthRegistry {
  return createAuthRegistry([...defaultAuthPlugins(), ...extraPlugins]);
}
