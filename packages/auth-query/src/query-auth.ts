import type { AuthPluginV2 } from "@src/auth";
import { apiKeySchemeMatch, credentialTextSchema, oneSecretAuthPlugin } from "@src/auth";
import { z } from "zod";
import { applyQueryAuth } from "./apply-query-auth";
import { isWellFormed, queryParamSchema } from "./query-param-schema";

/** `api.queryParam`: the query parameter that carries the key. */
export const queryConfigSchema = z.object({ queryParam: queryParamSchema });
export type QueryAuthConfig = z.infer<typeof queryConfigSchema>;

/** `{ key }`: not empty, no CR/LF/NUL; any Unicode (sent percent-encoded as UTF-8). */
export const queryCredentialSchema = z.object({
  key: credentialTextSchema.refine(isWellFormed, { error: "must be valid Unicode text" }).meta({
    label: "API key",
    description: "The key the API issued; sent as the query parameter api.queryParam.",
    example: "k-1234567890",
  }),
});
export type QueryCredential = z.infer<typeof queryCredentialSchema>;

/** The `query` plugin: `?<queryParam>=<key>` on every request. */
export type QueryAuthPlugin = AuthPluginV2<QueryAuthConfig, QueryCredential>;

/** Creates the `query` auth plugin (spec section 5): the key goes in the query parameter named by `api.queryParam`. */
export function createQueryAuth(): QueryAuthPlugin {
  return oneSecretAuthPlugin({
    type: "query",
    description:
      "Appends the API key to every request as the query parameter named by api.queryParam: ?<queryParam>=<key>.",
    configSchema: queryConfigSchema,
    credentialSchema: queryCredentialSchema,
    secret: (credential) => credential.key,
    sendTo: {
      placement: (config) => ({ headers: [], query: [config.queryParam] }),
      send: (request, key, config) => applyQueryAuth(request.url, config.queryParam, key),
      fromSecurityScheme: (scheme) => apiKeySchemeMatch(scheme, "query", "queryParam"),
      describePlacement: (config) => `query parameter "${config.queryParam}"`,
    },
  });
}
