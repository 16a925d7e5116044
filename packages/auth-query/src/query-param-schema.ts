import { requiredApiStringSchema } from "@src/auth";

/** `api.queryParam`: not empty, no control characters, well-formed Unicode. Percent-encoded when sent. */
export const queryParamSchema = requiredApiStringSchema("query", "api_key")
  .min(1, { error: 'must not be empty; name the query parameter that carries the key, e.g. "api_key"' })
  .refine((value) => !hasControlCharacter(value), {
    error: "must not contain control characters (line breaks, tabs, NUL); use the name your API documents",
  })
  .refine(isWellFormed, { error: "must be valid Unicode text" })
  .meta({
    label: "Query parameter",
    example: "api_key",
    description: 'Name of the query parameter that carries the key (authType "query"), e.g. api_key.',
  });

/** False for a string with a lone surrogate, which cannot be percent-encoded. */
export function isWellFormed(value: string): boolean {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** True when the string has a C0 or C1 control character or DEL. */
function hasControlCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
