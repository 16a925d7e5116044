import type { AuthPluginV2 } from "@src/auth";
import { credentialTextSchema, headerCredentialTextSchema, requiredApiStringSchema } from "@src/auth";
import { z } from "zod";
import { signRequest } from "./sign-request";

/** `api.keyId`: which key signed the request; sent as is, so printable ASCII. */
export const hmacConfigSchema = z.object({
  keyId: requiredApiStringSchema("hmac").pipe(headerCredentialTextSchema).meta({
    label: "Key id",
    description: "Which of the server's keys signs; sent as X-Key-Id.",
    example: "team-key-1",
  }),
});
export type HmacAuthConfig = z.infer<typeof hmacConfigSchema>;

/** `{ secret }`: the shared signing secret. Never sent, only used to sign. */
export const hmacCredentialSchema = z.object({
  secret: credentialTextSchema.meta({
    label: "Signing secret",
    description: "The shared secret the server holds for api.keyId.",
  }),
});
export type HmacCredential = z.infer<typeof hmacCredentialSchema>;

export type HmacAuthPlugin = AuthPluginV2<HmacAuthConfig, HmacCredential>;

/** A custom auth mode: `X-Key-Id: <keyId>` and `X-Signature: hex(HMAC-SHA256(secret, method, path, query, body))`. */
export function createHmacAuth(): HmacAuthPlugin {
  return {
    specificationVersion: "v2",
    type: "hmac",
    description: "Signs method, path, query and body with HMAC-SHA256; sends X-Key-Id and X-Signature.",
    configSchema: hmacConfigSchema,
    credentialSchema: hmacCredentialSchema,
    placement: () => ({ headers: ["x-key-id", "x-signature"], query: [] }),
    authorize(request, { config, credential }) {
      request.headers.set("x-key-id", config.keyId);
      request.headers.set("x-signature", signRequest(request, credential.secret));
      return Promise.resolve();
    },
    secretValues: (credential) => [credential.secret],
    describePlacement: (config) => `headers "X-Key-Id" (${config.keyId}) and "X-Signature" (HMAC-SHA256)`,
  } satisfies HmacAuthPlugin;
}
