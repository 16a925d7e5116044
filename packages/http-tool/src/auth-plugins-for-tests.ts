// Test-only stand-ins for @src/auth-bearer, -header, -query and -basic, written
// from spec section 5 while those packages are being built. Not exported.
import { credentialTextSchema, defineAuthPlugin } from "@src/auth";
import { z } from "zod";

export const bearerPlugin = defineAuthPlugin({
  specificationVersion: "v1",
  type: "bearer",
  description: "Authorization: Bearer <token>",
  configSchema: z.object({}),
  credentialSchema: z.object({ token: credentialTextSchema }),
  credentialFields: [{ name: "token", label: "Token", secret: true }],
  apply: (request, { credential }) => request.headers.set("authorization", `Bearer ${credential.token}`),
  secretValues: (credential) => [credential.token],
  describePlacement: () => "header Authorization (Bearer)",
});

export const headerPlugin = defineAuthPlugin({
  specificationVersion: "v1",
  type: "header",
  description: "<headerName>: <key>",
  configSchema: z.object({ headerName: z.string() }),
  credentialSchema: z.object({ key: credentialTextSchema }),
  credentialFields: [{ name: "key", label: "API key", secret: true }],
  apply: (request, { config, credential }) => request.headers.set(config.headerName, credential.key),
  secretValues: (credential) => [credential.key],
  describePlacement: (config) => `header ${config.headerName}`,
});

export const queryPlugin = defineAuthPlugin({
  specificationVersion: "v1",
  type: "query",
  description: "?<queryParam>=<key>",
  configSchema: z.object({ queryParam: z.string() }),
  credentialSchema: z.object({ key: credentialTextSchema }),
  credentialFields: [{ name: "key", label: "API key", secret: true }],
  apply: (request, { config, credential }) => {
    const pair = `${encodeURIComponent(config.queryParam)}=${encodeURIComponent(credential.key)}`;
    if (!request.url.search.includes(pair)) request.url.search = request.url.search === "" ? pair : `${request.url.search.slice(1)}&${pair}`;
  },
  secretValues: (credential) => [credential.key],
  describePlacement: (config) => `query parameter ${config.queryParam}`,
});

const encodeBasic = (credential: { username: string; password: string }): string =>
  Buffer.from(`${credential.username}:${credential.password}`, "utf8").toString("base64");

export const basicPlugin = defineAuthPlugin({
  specificationVersion: "v1",
  type: "basic",
  description: "HTTP Basic",
  configSchema: z.object({}),
  credentialSchema: z.object({ username: credentialTextSchema, password: z.string() }),
  credentialFields: [
    { name: "username", label: "Username", secret: false },
    { name: "password", label: "Password", secret: true },
  ],
  apply: (request, { credential }) => request.headers.set("authorization", `Basic ${encodeBasic(credential)}`),
  secretValues: (credential) => [credential.password, encodeBasic(credential)],
  describePlacement: () => "header Authorization (Basic)",
});
