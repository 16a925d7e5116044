import { createAuthRegistry, type AnyAuthPlugin, type AuthRegistry } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";

/** The four built-in auth modes of spec section 5. */
export function defaultAuthPlugins(): AnyAuthPlugin[] {
  return [createBearerAuth(), createHeaderAuth(), createQueryAuth(), createBasicAuth()];
}

/**
 * A registry with the four built-in modes, plus any plugins a team adds.
 * A custom plugin's `type` must not clash with a built-in one.
 */
export function createDefaultAuthRegistry(extraPlugins: readonly AnyAuthPlugin[] = []): AuthRegistry {
  return createAuthRegistry([...defaultAuthPlugins(), ...extraPlugins]);
}
