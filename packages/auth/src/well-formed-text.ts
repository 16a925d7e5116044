import type { z } from "zod";

/** Whether `text` is well-formed UTF-16: no lone surrogate, so it has a UTF-8 form (what `String.prototype.isWellFormed` says, on Node 20 too). */
export function isWellFormedText(text: string): boolean {
  return !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/**
 * The zod issues of every string in a credential (nested values included)
 * that holds a lone UTF-16 surrogate: such a value has no UTF-8 form, so it
 * cannot be stored, sent or redacted as the text it claims to be. Checked on
 * every path a credential enters by (`parseCredential`, `checkCredential`),
 * whatever the plugin's own schema says.
 */
export function malformedTextIssues(value: unknown, path: PropertyKey[] = []): z.core.$ZodIssue[] {
  if (typeof value === "string") {
    return isWellFormedText(value)
      ? []
      : [
          {
            code: "custom",
            path,
            message:
              "must be valid Unicode text: it holds a lone UTF-16 surrogate (such as \\ud800 in JSON), which has no UTF-8 form; store the credential as UTF-8 text",
            input: undefined,
          },
        ];
  }
  if (typeof value !== "object" || value === null) return [];
  const entries: [PropertyKey, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) => malformedTextIssues(item, [...path, key]));
}
