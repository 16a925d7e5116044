import { credentialTextSchema } from "./credential-text-schema";

/**
 * A credential string sent as an HTTP header value as it stands (bearer token,
 * API key): `credentialTextSchema`, plus printable ASCII only (a header value
 * cannot carry other characters reliably; fetch rejects most of them) and no
 * space at either end (it would be trimmed silently, changing the credential).
 */
export const headerCredentialTextSchema = credentialTextSchema
  .refine((value) => !/[^\x20-\x7e\r\n\0]/.test(value), {
    error:
      "must contain only printable ASCII characters (an HTTP header cannot carry others); check for a pasted smart quote or non-breaking space",
  })
  .refine((value) => !/^ | $/.test(value), {
    error: "must not start or end with a space; remove it (pasted values often carry one)",
  });
