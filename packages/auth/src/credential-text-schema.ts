import { z } from "zod";

/**
 * A credential string: not empty, and without CR, LF or NUL (they would allow
 * header injection). Plugins build their credential schemas from it.
 */
export const credentialTextSchema = z
  .string({ error: "must be a string" })
  .min(1, { error: "must not be empty" })
  .refine((value) => !/[\r\n\0]/.test(value), { error: "must not contain line breaks (CR, LF) or NUL characters" });
