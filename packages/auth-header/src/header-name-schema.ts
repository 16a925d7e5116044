import { z } from "zod";

/** RFC 9110 `token`: the characters an HTTP field name may use. */
const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Headers the service sets itself, with why a credential cannot go there. */
export const reservedHeaderNames: Readonly<Record<string, string>> = {
  host: "it names the server the request goes to",
  "content-length": "the service computes it from the body",
  "content-type": "the service sets it to describe the body (and the agent may change it with _contentType)",
  "transfer-encoding": "it controls how the body is framed on the wire",
  connection: "it controls the connection and is removed by proxies",
  "keep-alive": "it controls the connection (hop-by-hop) and is removed by proxies",
  upgrade: "it asks the server to switch protocols, and the service speaks HTTP/1.1 only",
  expect: "it changes when the body is sent (100-continue)",
  te: "it negotiates transfer codings (hop-by-hop)",
  trailer: "it announces fields sent after the body",
};

/** Why a `Proxy-*` header cannot carry the key: checked by prefix, so every name of the family is covered. */
const proxyReason = "Proxy-* headers are meant for a proxy, and the service talks to no proxy";

/** Why `name` cannot carry the key, or undefined when it can. Case-insensitive. */
export function reservedHeaderReason(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower.startsWith("proxy-")) return proxyReason;
  return Object.hasOwn(reservedHeaderNames, lower) ? reservedHeaderNames[lower] : undefined;
}

/**
 * `api.headerName`: a valid HTTP field name (RFC 9110 token) that is not one of
 * the headers the service controls. Compared case-insensitively; kept as written.
 */
export const headerNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'required when api.authType is "header"' : "must be a string such as \"X-Api-Key\"") })
  .superRefine((value, context) => {
    if (value === "") {
      context.addIssue({ code: "custom", message: 'must not be empty; name the header that carries the key, e.g. "X-Api-Key"' });
      return;
    }
    if (!tokenPattern.test(value)) {
      context.addIssue({
        code: "custom",
        message: "must be a valid HTTP header name: letters, digits and !#$%&'*+-.^_`|~ only, no spaces or colon (e.g. \"X-Api-Key\")",
      });
      return;
    }
    const reason = reservedHeaderReason(value);
    if (reason !== undefined) {
      context.addIssue({ code: "custom", message: `must not be "${value}": ${reason}; use the header your API documents, e.g. "X-Api-Key"` });
    }
  })
  .meta({
    description: 'Name of the HTTP header that carries the key (authType "header"), e.g. X-Api-Key. Not a header the service controls (Host, Content-Length, Content-Type, Transfer-Encoding, Connection, Keep-Alive, Upgrade, Expect, TE, Trailer, Proxy-*).',
    pattern: tokenPattern.source,
  });
