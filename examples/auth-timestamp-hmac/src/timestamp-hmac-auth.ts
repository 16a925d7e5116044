import type { AuthPluginV2 } from "@src/auth";
import { credentialTextSchema, headerCredentialTextSchema, requiredApiStringSchema } from "@src/auth";
import { z } from "zod";
import { signTimestampedRequest } from "./sign-timestamped-request";

/** `api.keyId`: which key signed the request; sent as is. */
export const timestampHmacConfigSchema = z.object({
  keyId: requiredApiStringSchema("timestamp-hmac").pipe(headerCredentialTextSchema).meta({
    label: "Key id",
    description: "Which of the server's keys signs; sent as X-Key-Id.",
    example: "team-key-1",
  }),
});
export type TimestampHmacConfig = z.infer<typeof timestampHmacConfigSchema>;

/** `{ secret }`: the shared signing secret. Never sent, only used to sign. */
export const timestampHmacCredentialSchema = z.object({
  secret: credentialTextSchema.meta({
    label: "Signing secret",
    description: "The shared secret the server holds for api.keyId.",
  }),
});
export type TimestampHmacCredential = z.infer<typeof timestampHmacCredentialSchema>;

export type TimestampHmacAuthPlugin = AuthPluginV2<TimestampHmacConfig, TimestampHmacCredential>;

/**
 * A v2 auth mode that needs the clock: every attempt (and every followed
 * redirect) is signed anew with the current time, so a server can refuse
 * replays outside its window. Sends `X-Key-Id`, `X-Timestamp` and `X-Signature`.
 */
export function createTimestampHmacAuth(): TimestampHmacAuthPlugin {
  return {
    specificationVersion: "v2",
    type: "timestamp-hmac",
    description:
      "Signs method, path, query, body hash and the current time with HMAC-SHA256; sends X-Key-Id, X-Timestamp and X-Signature.",
    configSchema: timestampHmacConfigSchema,
    credentialSchema: timestampHmacCredentialSchema,
    placement: () => ({ headers: ["x-key-id", "x-timestamp", "x-signature"], query: [] }),
    authorize(request, { config, credential, now }) {
      const timestamp = now().toISOString();
      request.headers.set("x-key-id", config.keyId);
      request.headers.set("x-timestamp", timestamp);
      request.headers.set(
        "x-signature",
        signTimestampedRequest(
          { method: request.method, url: request.url, body: request.body, timestamp },
          credential.secret,
        ),
      );
      return Promise.resolve();
    },
    secretValues: (credential) => [credential.secret],
    describePlacement: (config) =>
      `headers "X-Key-Id" (${config.keyId}), "X-Timestamp" and "X-Signature" (HMAC-SHA256 with the time)`,
  } satisfies TimestampHmacAuthPlugin;
}
