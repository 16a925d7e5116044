import type { AuthPlugin } from "@src/auth";
import { credentialTextSchema, headerCredentialTextSchema } from "@src/auth";
import { z } from "zod";
import { signRequest } from "./sign-request";

/** `api.keyId`: which key signed the request; sent as is, so printable ASCII. */
export const hmacConfigSchema = z.object({
  keyId: z
    .string({ error: (issue) => (issue.input === undefined ? 'required when api.authType is "hmac"' : "must be a string") })
    .pipe(headerCredentialTextSchema),
});
export type HmacAuthConfig = z.infer<typeof hmacConfigSchema>;

/** `{ secret }`: the shared signing secret. Never sent, only used to sign. */
export const hmacCredentialSchema = z.object({ secret: credentialTextSchema });
export type HmacCredential = z.infer<typeof hmacCredentialSchema>;

export type HmacAuthPlugin = AuthPlugin<HmacAuthConfig, HmacCredential>;

/** A custom auth mode: `X-Key-Id: <keyId>` and `X-Signature: hex(HMAC-SHA256(secret, method, path, query, body))`. */
export function createHmacAuth(): HmacAuthPlugin {
  return {
    specificationVersion: "v1",
    type: "hmac",
    description: "Signs method, path, query and body with HMAC-SHA256; sends X-Key-Id and X-Signature.",
    configSchema: hmacConfigSchema,
    credentialSchema: hmacCredentialSchema,
    credentialFields: [{ name: "secret", label: "Signing secret", secret: true }],
    apply(request, { config, credential }) {
      request.headers.set("x-key-id", config.keyId);
      request.headers.set("x-signature", signRequest(request, credential.secret));
    },
    secretValues: (credential) => [credential.secret],
    describePlacement: (config) => `headers "X-Key-Id" (${config.keyId}) and "X-Signature" (HMAC-SHA256)`,
  } satisfies HmacAuthPlugin;
}
