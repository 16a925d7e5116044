import type { AnyAuthPluginV2 } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createOAuth2Auth } from "@src/auth-oauth2";
import { createQueryAuth } from "@src/auth-query";

/** The types of the built-in auth modes (the four of spec section 5, and OAuth 2.0), in registry order. */
export const defaultAuthTypes = ["bearer", "header", "query", "basic", "oauth2"] as const;

/** The built-in auth modes (the four of spec section 5, and OAuth 2.0), new instances on each call. */
export function defaultAuthPlugins(): AnyAuthPluginV2[] {
  return [createBearerAuth(), createHeaderAuth(), createQueryAuth(), createBasicAuth(), createOAuth2Auth()];
}
