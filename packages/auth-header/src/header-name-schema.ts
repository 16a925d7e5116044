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
};

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
    const reason = reservedHeaderNames[value.toLowerCase()];
    if (reason !== undefined) {
      context.addIssue({ code: "custom", message: `must not be "${value}": ${reason}; use the header your API documents, e.g. "X-Api-Key"` });
    }
  })
  .meta({
    description: 'Name of the HTTP header that carries the key (authType "header"), e.g. X-Api-Key. Not Host, Content-Length, Content-Type, Transfer-Encoding or Connection.',
    pattern: tokenPattern.source,
  });
