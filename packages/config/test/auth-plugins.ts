// The registry the tests of this package use: the real built-in plugins, plus
// small stand-ins for what does not exist yet and a custom plugin with its own field.
import { type AuthRegistry, createAuthRegistry, credentialTextSchema, defineAuthPlugin } from "@src/auth";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";
import { z } from "zod";

/** Stand-in for `@src/auth-basic` (not written yet when these tests were). */
export const testBasicAuth = defineAuthPlugin({
  specificationVersion: "v1",
  type: "basic",
  description: "HTTP Basic",
  configSchema: z.object({}),
  credentialSchema: z.object({ username: credentialTextSchema, password: z.string() }),
  credentialFields: [
    { name: "username", label: "Username", secret: false },
    { name: "password", label: "Password", secret: true },
  ],
  apply: (request, { credential }) =>
    request.headers.set("authorization", `Basic ${Buffer.from(`${credential.username}:${credential.password}`).toString("base64")}`),
  secretValues: (credential) => [credential.password],
  describePlacement: () => "header Authorization (Basic)",
});

/** A team's own mode with its own `api` field, to prove plugins extend the schema without touching this package. */
export const testSignatureAuth = defineAuthPlugin({
  specificationVersion: "v1",
  type: "signature",
  description: "X-Key-Id and X-Signature headers",
  configSchema: z.strictObject({ keyId: z.string().min(1) }),
  credentialSchema: z.object({ secret: credentialTextSchema }),
  credentialFields: [{ name: "secret", label: "Signing secret", secret: true }],
  apply: (request, { config }) => request.headers.set("x-key-id", config.keyId),
  secretValues: (credential) => [credential.secret],
  describePlacement: () => "headers X-Key-Id and X-Signature",
});

/** A registry with the four built-in modes. */
export function createTestRegistry(): AuthRegistry {
  return createAuthRegistry([createBearerAuth(), createHeaderAuth(), createQueryAuth(), testBasicAuth]);
}
