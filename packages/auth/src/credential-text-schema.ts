import { z } from "zod";
import { isWellFormedText } from "./well-formed-text";

/**
 * A credential string: not empty, without CR, LF or NUL (they would allow
 * header injection), and well-formed (no lone UTF-16 surrogate). Plugins build their credential schemas from it.
 */
export const credentialTextSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
  .min(1, { error: "must not be empty" })
  .refine((value) => !/[\r\n\0]/.test(value), { error: "must not contain line breaks (CR, LF) or NUL characters" })
  .refine(isWellFormedText, { error: "must be valid Unicode text (no lone UTF-16 surrogate)" });
