import { requiredApiStringSchema, serviceControlledHeaderReason, serviceControlledHeaders } from "@src/auth";

/** RFC 9110 `token`: the characters an HTTP field name may use. */
const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Headers that cannot carry the key, with why: `@src/auth`'s one list of
 * service-controlled headers, plus `Content-Type`, which the service sets to
 * describe the body.
 */
export const reservedHeaderNames: Readonly<Record<string, string>> = {
  ...serviceControlledHeaders,
  "content-type": "the service sets it to describe the body (and the agent may change it with _contentType)",
};

/** Why `name` cannot carry the key, or undefined when it can. Case-insensitive; `Proxy-*` by prefix. */
export function reservedHeaderReason(name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.hasOwn(reservedHeaderNames, lower) ? reservedHeaderNames[lower] : serviceControlledHeaderReason(lower);
}

/**
 * `api.headerName`: a valid HTTP field name (RFC 9110 token) that is not one of
 * the headers the service controls. Compared case-insensitively; kept as written.
 */
export const headerNameSchema = requiredApiStringSchema("header", "X-Api-Key")
  .superRefine((value, context) => {
    if (value === "") {
      context.addIssue({
        code: "custom",
        message: 'must not be empty; name the header that carries the key, e.g. "X-Api-Key"',
      });
      return;
    }
    if (!tokenPattern.test(value)) {
      context.addIssue({
        code: "custom",
        message:
          'must be a valid HTTP header name: letters, digits and !#$%&\'*+-.^_`|~ only, no spaces or colon (e.g. "X-Api-Key")',
      });
      return;
    }
    const reason = reservedHeaderReason(value);
    if (reason !== undefined) {
      context.addIssue({
        code: "custom",
        message: `must not be "${value}": ${reason}; use the header your API documents, e.g. "X-Api-Key"`,
      });
    }
  })
  .meta({
    label: "Header name",
    example: "X-Api-Key",
    description:
      'Name of the HTTP header that carries the key (authType "header"), e.g. X-Api-Key. Not a header the service controls (Host, Content-Length, Content-Type, Transfer-Encoding, Connection, Keep-Alive, Upgrade, Expect, TE, Trailer, Proxy-*).',
    pattern: tokenPattern.source,
  });
