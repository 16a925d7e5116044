import { createAuthRegistry, type RegisteredAuthPlugin as AnyAuthPlugin, type AuthRegistry } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createOAuth2Auth } from "@src/auth-oauth2";
import { createQueryAuth } from "@src/auth-query";

/** The built-in auth modes: the four of spec section 5, and OAuth 2.0. */
export function defaultAuthPlugins(): AnyAuthPlugin[] {
  return [createBearerAuth(), createHeaderAuth(), createQueryAuth(), createBasicAuth(), createOAuth2Auth()];
}

/**
 * A registry with the four built-in modes, plus any plugins a team adds.
 * A custom plugin's `type` must not clash with a built-in one.
 */
export function createDefaultAuthRegistry(extraPlugins: readonly AnyAuthPlugin[] = []): AuthRegistry {
  return createAuthRegistry([...defaultAuthPlugins(), ...extraPlugins]);
}
