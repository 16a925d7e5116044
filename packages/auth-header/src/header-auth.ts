import type { AuthPluginV2 } from "@src/auth";
import { headerCredentialTextSchema, headerNamedBy, oneSecretAuthPlugin } from "@src/auth";
import { z } from "zod";
import { headerNameSchema } from "./header-name-schema";

/** `api.headerName`: the header that carries the key. */
export const headerConfigSchema = z.object({ headerName: headerNameSchema });
export type HeaderAuthConfig = z.infer<typeof headerConfigSchema>;

/** `{ key }`: printable ASCII, not empty, no CR/LF/NUL, no space at either end. */
export const headerCredentialSchema = z.object({
  key: headerCredentialTextSchema.meta({
    label: "API key",
    description: "The key the API issued; sent as the value of api.headerName.",
    example: "k-1234567890",
  }),
});
export type HeaderCredential = z.infer<typeof headerCredentialSchema>;

/** The `header` plugin: `<headerName>: <key>`. */
export type HeaderAuthPlugin = AuthPluginV2<HeaderAuthConfig, HeaderCredential>;

/** Creates the `header` auth plugin (spec section 5): the key goes in the header named by `api.headerName`. */
export function createHeaderAuth(): HeaderAuthPlugin {
  return oneSecretAuthPlugin({
    type: "header",
    description: "Sends the API key in the header named by api.headerName: <headerName>: <key>.",
    configSchema: headerConfigSchema,
    credentialSchema: headerCredentialSchema,
    secret: (credential) => credential.key,
    sendTo: headerNamedBy("headerName"),
  });
}
