import { z } from "zod";

/** RFC 9110 `token`: the characters an HTTP field name may use. */
const headerNamePattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Visible ASCII and Latin-1, spaces and tabs inside; no CR, LF, NUL or other control character. */
const headerValuePattern = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Headers the service sets itself, with why a fixed header cannot replace them. */
const serviceHeaders: Readonly<Record<string, string>> = {
  host: "it names the server and comes from api.baseUrl",
  "content-length": "it frames the body; it is computed from the body",
  "transfer-encoding": "it frames the body",
  connection: "it manages the connection (hop-by-hop)",
  "keep-alive": "it manages the connection (hop-by-hop)",
  upgrade: "it asks to switch protocols; src speaks HTTP/1.1 only",
  expect: "it changes when the body is sent",
  te: "it negotiates transfer codings (hop-by-hop)",
  trailer: "it announces fields after the body",
  "content-type": "it describes each call's body and is set per call (_contentType)",
};

/** Why a fixed header must not look like a credential: its value is shown in `source show` and `/tools -v`. */
const credentialReason =
  "it would carry a credential, and fixed headers are shown in plain text; store secrets as the source's credential (encrypted in the vault)";
const credentialHeaders = new Set(["authorization", "cookie"]);
const credentialLikeName = /token|secret|password|passwd|api[-_]?key|session|credential/i;

/** Why `name` cannot be a fixed header, or `undefined` when it can. Case-insensitive. */
export function fixedHeaderProblem(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower.startsWith("proxy-")) return "it is meant for a proxy, and src talks to no proxy";
  if (Object.hasOwn(serviceHeaders, lower)) return serviceHeaders[lower];
  if (credentialHeaders.has(lower) || credentialLikeName.test(lower)) return credentialReason;
  return undefined;
}

/**
 * `api.headers`: fixed headers sent on every request of the source (API
 * version, `Accept`, `User-Agent`), beside the credential. Names are HTTP
 * field names, each at most once (case-insensitively), never one the service
 * sets or one that would carry a credential; values are single-line text.
 */
export const apiHeadersSchema = z
  .record(z.string(), z.string())
  .superRefine((headers, context) => {
    const seen = new Map<string, string>();
    for (const [name, value] of Object.entries(headers)) {
      if (!headerNamePattern.test(name)) {
        context.addIssue({
          code: "custom",
          path: [name],
          message:
            'is not a valid HTTP header name: letters, digits and !#$%&\'*+-.^_`|~ only, no spaces or colon (e.g. "Notion-Version")',
        });
        continue;
      }
      const problem = fixedHeaderProblem(name);
      if (problem !== undefined) {
        context.addIssue({ code: "custom", path: [name], message: `cannot be a fixed header: ${problem}` });
        continue;
      }
      const earlier = seen.get(name.toLowerCase());
      if (earlier !== undefined)
        context.addIssue({
          code: "custom",
          path: [name],
          message: `is the same header as "${earlier}" (names ignore case); keep one`,
        });
      seen.set(name.toLowerCase(), name);
      if (!headerValuePattern.test(value) || value.length > 8192) {
        context.addIssue({
          code: "custom",
          path: [name],
          message:
            "must be one line of text (printable ASCII or Latin-1, no line breaks or control characters), at most 8192 characters",
        });
      } else if (value !== value.trim()) {
        context.addIssue({ code: "custom", path: [name], message: "must not start or end with a space" });
      }
    }
  })
  .meta({
    description:
      'Fixed headers sent on every request, including validation, e.g. {"Notion-Version": "2022-06-28", "Accept": "application/vnd.github+json"}. Never a credential (store it in the vault), a header the service sets (Host, Content-Length, Content-Type, Transfer-Encoding, Connection, Keep-Alive, Upgrade, Expect, TE, Trailer, Proxy-*) or the header the credential goes in.',
  });
