import { z } from "zod";

/**
 * A string field of the `api` block that one auth mode requires. Its errors
 * name the mode when the field is missing (`required when api.authType is
 * "hmac"`) and show `example` when it is not a string. Refine it further and
 * declare the field with `.meta({ label, description, example })`.
 */
export function requiredApiStringSchema(authType: string, example?: string): z.ZodString {
  return z.string({
    error: (issue) => {
      if (issue.input === undefined) return `required when api.authType is "${authType}"`;
      return example === undefined ? "must be a string" : `must be a string such as "${example}"`;
    },
  });
}
