import type { AnyAuthPlugin } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";

/** The types of the four built-in auth modes (spec section 5), in registry order. */
export const defaultAuthTypes = ["bearer", "header", "query", "basic"] as const;

/** The four built-in auth modes of spec section 5, new instances on each call. */
export function defaultAuthPlugins(): AnyAuthPlugin[] {
  return [createBearerAuth(), createHeaderAuth(), createQueryAuth(), createBasicAuth()];
}
