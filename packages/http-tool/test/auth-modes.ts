// The four auth modes of spec section 5, each with a credential whose forms
// differ (raw, percent-encoded, base64), for end-to-end and leak tests.
import { secretForms, type AnyAuthPluginV2 } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";

/** Computed here, not by the plugin, so the leak check does not trust the code under test. */
const encodeBasic = (credential: { username: string; password: string }): string => Buffer.from(`${credential.username}:${credential.password}`).toString("base64");

/** One auth mode ready for a test. */
export interface AuthMode {
  name: string;
  plugin: AnyAuthPluginV2;
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
  { name: "bearer", plugin: createBearerAuth(), api: {}, credential: { token: "tok+en/Zx9=Q&w" }, leakForms: forms("tok+en/Zx9=Q&w") },
  { name: "header", plugin: createHeaderAuth(), api: { headerName: "X-Api-Key" }, credential: { key: "hk$y+/Q9=zz" }, leakForms: forms("hk$y+/Q9=zz") },
  { name: "query", plugin: createQueryAuth(), api: { queryParam: "api_key" }, credential: { key: "qk y+/é=&Q7" }, leakForms: forms("qk y+/é=&Q7") },
  {
    name: "basic",
    plugin: createBasicAuth(),
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
