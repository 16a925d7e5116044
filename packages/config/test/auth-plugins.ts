// The registry the tests of this package use: the real built-in plugins, plus
// a custom plugin with its own field.
import { type AuthRegistry, createAuthRegistry, credentialTextSchema, defineAuthPluginV2 } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";
import { z } from "zod";

/** A team's own mode with its own `api` field, to prove plugins extend the schema without touching this package. */
export const testSignatureAuth = defineAuthPluginV2({
  specificationVersion: "v2",
  type: "signature",
  description: "X-Key-Id and X-Signature headers",
  configSchema: z.strictObject({ keyId: z.string().min(1) }),
  credentialSchema: z.object({ secret: credentialTextSchema.meta({ label: "Signing secret" }) }),
  placement: () => ({ headers: ["x-key-id"], query: [] }),
  authorize: (request, { config }) => Promise.resolve(request.headers.set("x-key-id", config.keyId)),
  secretValues: (credential) => [credential.secret],
  describePlacement: () => "headers X-Key-Id and X-Signature",
});

/** A team's own mode that takes any extra `api` field (a loose config schema): none of them is an unknown field. */
export const testOpenAuth = defineAuthPluginV2({
  specificationVersion: "v2",
  type: "open",
  description: "X-Open header",
  configSchema: z.looseObject({}),
  credentialSchema: z.object({ secret: credentialTextSchema.meta({ label: "Secret" }) }),
  placement: () => ({ headers: ["x-open"], query: [] }),
  authorize: (request, { credential }) => Promise.resolve(request.headers.set("x-open", credential.secret)),
  secretValues: (credential) => [credential.secret],
  describePlacement: () => "header X-Open",
});

/** A registry with the four modes of the original spec. */
export function createTestRegistry(): AuthRegistry {
  return createAuthRegistry([createBearerAuth(), createHeaderAuth(), createQueryAuth(), createBasicAuth()]);
}
