import type { AuthPluginV2 } from "@src/auth";
import { authorizationHeader, headerCredentialTextSchema, oneSecretAuthPlugin } from "@src/auth";
import { z } from "zod";

/** Bearer auth needs no extra `api` fields. */
export const bearerConfigSchema = z.object({});
export type BearerAuthConfig = z.infer<typeof bearerConfigSchema>;

/** `{ token }`: printable ASCII, not empty, no CR/LF/NUL, no space at either end. */
export const bearerCredentialSchema = z.object({
  token: headerCredentialTextSchema.meta({
    label: "API token",
    description: "The token the API issued; sent as Authorization: Bearer <token>.",
    example: "tok_live_1234567890",
  }),
});
export type BearerCredential = z.infer<typeof bearerCredentialSchema>;

/** The `bearer` plugin: `Authorization: Bearer <token>`. */
export type BearerAuthPlugin = AuthPluginV2<BearerAuthConfig, BearerCredential>;

/** Creates the `bearer` auth plugin (spec section 5): the token goes in `Authorization: Bearer <token>`. */
export function createBearerAuth(): BearerAuthPlugin {
  return oneSecretAuthPlugin({
    type: "bearer",
    description: "Sends the token in the Authorization header: Authorization: Bearer <token>.",
    configSchema: bearerConfigSchema,
    credentialSchema: bearerCredentialSchema,
    secret: (credential) => credential.token,
    sendTo: authorizationHeader("Bearer"),
  });
}
