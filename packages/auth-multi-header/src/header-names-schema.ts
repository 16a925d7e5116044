import { serviceControlledHeaderReason } from "@src/auth";
import { z } from "zod";

/** RFC 9110 `token`: the characters an HTTP field name may use. */
const tokenPattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Why `name` cannot carry a secret, or undefined when it can: the headers the service controls, and Content-Type, which describes the body. */
function reservedReason(name: string): string | undefined {
  if (name.toLowerCase() === "content-type") return "the service sets it to describe the body";
  return serviceControlledHeaderReason(name);
}

/**
 * `api.headerNames`: the headers that carry the secrets, at least one, each a
 * valid HTTP field name that the service does not control, no two alike (case
 * is ignored, as HTTP does). Kept as written; the credential has one value per name.
 */
export const headerNamesSchema = z
  .array(z.string({ error: 'each header name must be a string such as "DD-API-KEY"' }), {
    error: (issue) =>
      issue.input === undefined
        ? 'required when api.authType is "multi-header"'
        : 'must be a list of header names, e.g. ["DD-API-KEY", "DD-APPLICATION-KEY"]',
  })
  .min(1, { error: 'must name at least one header, e.g. ["DD-API-KEY", "DD-APPLICATION-KEY"]' })
  .superRefine((names, context) => {
    const seen = new Set<string>();
    for (const [index, name] of names.entries()) {
      if (!tokenPattern.test(name)) {
        context.addIssue({
          code: "custom",
          path: [index],
          message: "must be a valid HTTP header name: letters, digits and !#$%&'*+-.^_`|~ only, no spaces or colon",
        });
        continue;
      }
      const reason = reservedReason(name);
      if (reason !== undefined)
        context.addIssue({
          code: "custom",
          path: [index],
          message: `must not be "${name}": ${reason}; use the header your API documents`,
        });
      if (seen.has(name.toLowerCase()))
        context.addIssue({
          code: "custom",
          path: [index],
          message: `"${name}" is listed twice (header names ignore case); list each header once`,
        });
      seen.add(name.toLowerCase());
    }
  })
  .meta({
    label: "Header names",
    example: ["DD-API-KEY", "DD-APPLICATION-KEY"],
    description:
      'The headers that carry the secrets (authType "multi-header"), e.g. ["DD-API-KEY", "DD-APPLICATION-KEY"]; the credential holds one value per name.',
  });
