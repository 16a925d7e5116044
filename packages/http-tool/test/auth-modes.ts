// The four auth modes of spec section 5, each with a credential whose forms
// differ (raw, percent-encoded, base64), for end-to-end and leak tests.
// TODO(swap): stand-ins written from the spec until @src/auth-bearer, -header,
// -query and -basic export their factories.
import { credentialTextSchema, defineAuthPlugin, secretForms, type AnyAuthPlugin } from "@src/auth";
import { z } from "zod";

const bearer = defineAuthPlugin({
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

const header = defineAuthPlugin({
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

const query = defineAuthPlugin({
  specificationVersion: "v1",
  type: "query",
  description: "?<queryParam>=<key>",
  configSchema: z.object({ queryParam: z.string() }),
  credentialSchema: z.object({ key: credentialTextSchema }),
  credentialFields: [{ name: "key", label: "API key", secret: true }],
  apply: (request, { config, credential }) => request.url.searchParams.set(config.queryParam, credential.key),
  secretValues: (credential) => [credential.key],
  describePlacement: (config) => `query parameter ${config.queryParam}`,
});

const encodeBasic = (credential: { username: string; password: string }): string => Buffer.from(`${credential.username}:${credential.password}`).toString("base64");

const basic = defineAuthPlugin({
  specificationVersion: "v1",
  type: "basic",
  description: "HTTP Basic",
  configSchema: z.object({}),
  credentialSchema: z.object({ username: credentialTextSchema, password: credentialTextSchema }),
  credentialFields: [
    { name: "username", label: "Username", secret: false },
    { name: "password", label: "Password", secret: true },
  ],
  apply: (request, { credential }) => request.headers.set("authorization", `Basic ${encodeBasic(credential)}`),
  secretValues: (credential) => [credential.password, encodeBasic(credential)],
  describePlacement: () => "header Authorization (Basic)",
});

/** One auth mode ready for a test. */
export interface AuthMode {
  name: string;
  plugin: AnyAuthPlugin;
  /** Extra `api` fields the mode needs. */
  api: Record<string, unknown>;
  credential: Record<string, unknown>;
  /** Every string that must never reach another origin or the agent. */
  leakForms: string[];
}

const forms = (...secrets: string[]): string[] => {
  const all = secrets.flatMap((secret) => secretForms(secret));
  return [...new Set([...all, ...all.map((form) => form.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()))])];
};

export const authModes: AuthMode[] = [
  { name: "bearer", plugin: bearer, api: {}, credential: { token: "tok+en/Zx9=Q&w" }, leakForms: forms("tok+en/Zx9=Q&w") },
  { name: "header", plugin: header, api: { headerName: "X-Api-Key" }, credential: { key: "hk$y+/Q9=zz" }, leakForms: forms("hk$y+/Q9=zz") },
  { name: "query", plugin: query, api: { queryParam: "api_key" }, credential: { key: "qk y+/é=&Q7" }, leakForms: forms("qk y+/é=&Q7") },
  {
    name: "basic",
    plugin: basic,
    api: {},
    credential: { username: "alice", password: "pa ss+/w=Rd9" },
    leakForms: forms("pa ss+/w=Rd9", encodeBasic({ username: "alice", password: "pa ss+/w=Rd9" })),
  },
];

export function authMode(name: string): AuthMode {
  const mode = authModes.find((candidate) => candidate.name === name);
  if (mode === undefined) throw new Error(`no auth mode ${name}`);
  return mode;
}

/** The forms of `mode`'s secret found in `text` (empty when none leaked). */
export function leaksIn(text: string, mode: AuthMode): string[] {
  return mode.leakForms.filter((form) => text.includes(form));
}
