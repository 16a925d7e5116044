// Small plugins that mimic the built-in modes, for tests of this package only.
// The real plugins live in packages/auth-*; see README for which the tests use.
import { type AuthRegistry, createAuthRegistry, credentialTextSchema, defineAuthPlugin } from "@src/auth";
import { z } from "zod";

const keyCredential = z.object({ key: credentialTextSchema });

export const testBearerAuth = defineAuthPlugin({
  specificationVersion: "v1",
  type: "bearer",
  description: "Authorization: Bearer <token>",
  configSchema: z.object({}),
  credentialSchema: z.object({ token: credentialTextSchema }),
  credentialFields: [{ name: "token", label: "Token", secret: true }],
  apply: (request, { credential }) => request.headers.set("authorization", `Bearer ${credential.token}`),
  secretValues: (credential) => [credential.token],
  describePlacement: () => "header Authorization",
});

export const testHeaderAuth = defineAuthPlugin({
  specificationVersion: "v1",
  type: "header",
  description: "<headerName>: <key>",
  configSchema: z.object({ headerName: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { error: "must be a valid HTTP header name, e.g. X-Api-Key" }) }),
  credentialSchema: keyCredential,
  credentialFields: [{ name: "key", label: "API key", secret: true }],
  apply: (request, { config, credential }) => request.headers.set(config.headerName, credential.key),
  secretValues: (credential) => [credential.key],
  describePlacement: (config) => `header ${config.headerName}`,
});

export const testQueryAuth = defineAuthPlugin({
  specificationVersion: "v1",
  type: "query",
  description: "?<queryParam>=<key>",
  configSchema: z.object({ queryParam: z.string().min(1, { error: "must not be empty, e.g. api_key" }) }),
  credentialSchema: keyCredential,
  credentialFields: [{ name: "key", label: "API key", secret: true }],
  apply: (request, { config, credential }) => request.url.searchParams.set(config.queryParam, credential.key),
  secretValues: (credential) => [credential.key],
  describePlacement: (config) => `query parameter ${config.queryParam}`,
});

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

/** A registry with the four modes. */
export function createTestRegistry(): AuthRegistry {
  return createAuthRegistry([testBearerAuth, testHeaderAuth, testQueryAuth, testBasicAuth]);
}
