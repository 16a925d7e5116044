// The four auth modes of the original spec (section 5), each with a credential whose forms
// differ (raw, percent-encoded, base64), for end-to-end and leak tests.
import { secretForms, type AnyAuthPluginV2 } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";
import type { RecordedRequest } from "@src/http-tool/testing";

/** Computed here, not by the plugin, so the leak check does not trust the code under test. */
const encodeBasic = (credential: { username: string; password: string }): string =>
  Buffer.from(`${credential.username}:${credential.password}`).toString("base64");

/** Where a mode puts its credential on the wire, and the exact value: computed here, independently of the plugin. */
export type CredentialPlacement =
  { in: "header"; name: string; value: string } | { in: "query"; name: string; value: string };

/** One auth mode ready for a test. */
export interface AuthMode {
  name: string;
  plugin: AnyAuthPluginV2;
  /** Extra `api` fields the mode needs. */
  api: Record<string, unknown>;
  credential: Record<string, unknown>;
  /** Every string that must never reach another origin or the agent. */
  leakForms: string[];
  /** The one place the credential must be sent to the source's own origin. */
  placement: CredentialPlacement;
}

const forms = (...secrets: string[]): string[] => {
  const all = secrets.flatMap((secret) => secretForms(secret));
  return [...new Set([...all, ...all.map((form) => form.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()))])];
};

export const authModes: AuthMode[] = [
  bearerModeWith("tok+en/Zx9=Q&w"),
  {
    name: "header",
    plugin: createHeaderAuth(),
    api: { headerName: "X-Api-Key" },
    credential: { key: "hk$y+/Q9=zz" },
    leakForms: forms("hk$y+/Q9=zz"),
    placement: { in: "header", name: "x-api-key", value: "hk$y+/Q9=zz" },
  },
  queryModeWith("qk y+/é=&Q7"),
  {
    name: "basic",
    plugin: createBasicAuth(),
    api: {},
    credential: { username: "alice", password: "pa ss+/w=Rd9" },
    leakForms: forms("pa ss+/w=Rd9", encodeBasic({ username: "alice", password: "pa ss+/w=Rd9" })),
    placement: {
      in: "header",
      name: "authorization",
      value: `Basic ${encodeBasic({ username: "alice", password: "pa ss+/w=Rd9" })}`,
    },
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

/** The values `request` carries where `placement` says, each header line or query pair once: `[value]` when sent exactly once. */
export function valuesAtPlacement(request: RecordedRequest, placement: CredentialPlacement): string[] {
  if (placement.in === "query") return request.searchParams.getAll(placement.name);
  const values: string[] = [];
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    if (request.rawHeaders[index]!.toLowerCase() === placement.name) values.push(request.rawHeaders[index + 1]!);
  }
  return values;
}

/** `request` as text without the credential's one expected place: what must hold no form of the secret at all. */
export function requestOutsidePlacement(request: RecordedRequest, placement: CredentialPlacement): string {
  const query = new URLSearchParams(request.searchParams);
  const headers = [...request.rawHeaders];
  if (placement.in === "query") query.delete(placement.name);
  else
    for (let index = 0; index < headers.length; index += 2)
      if (headers[index]!.toLowerCase() === placement.name) headers[index + 1] = "";
  return `${request.path} ${query.toString()} ${decodeURIComponent(query.toString())} ${headers.join("\n")} ${request.body}`;
}

/** The query mode with the credential parameter `api_key` holding `key`. */
export function queryModeWith(key: string): AuthMode {
  return {
    name: "query",
    plugin: createQueryAuth(),
    api: { queryParam: "api_key" },
    credential: { key },
    leakForms: forms(key),
    placement: { in: "query", name: "api_key", value: key },
  };
}

/** The bearer mode with `token`. */
export function bearerModeWith(token: string): AuthMode {
  return {
    name: "bearer",
    plugin: createBearerAuth(),
    api: {},
    credential: { token },
    leakForms: forms(token),
    placement: { in: "header", name: "authorization", value: `Bearer ${token}` },
  };
}
