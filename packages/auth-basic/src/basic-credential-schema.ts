import { credentialTextSchema } from "@src/auth";
import { z } from "zod";

/** A Basic username: not empty, no CR/LF/NUL, and no ":" (it separates username from password). */
export const basicUsernameSchema = credentialTextSchema.refine((value) => !value.includes(":"), {
  error:
    'must not contain ":" (HTTP Basic separates the username from the password with ":"); a password may contain ":"',
});

/** A Basic password: may be empty (some APIs take the key as the username), never CR/LF/NUL. */
export const basicPasswordSchema = z
  .string({ error: "must be a string (use an empty string for no password)" })
  .refine((value) => !/[\r\n\0]/.test(value), { error: "must not contain line breaks (CR, LF) or NUL characters" });

/** `{ username, password }`, any Unicode (sent as UTF-8, base64-encoded). */
export const basicCredentialSchema = z.object({
  username: basicUsernameSchema.meta({
    label: "Username",
    secret: false,
    description: "The user name (some APIs take the key here, with an empty password).",
    example: "alice",
  }),
  password: basicPasswordSchema.meta({ label: "Password", description: "The password, or an empty string for none." }),
});
export type BasicCredential = z.infer<typeof basicCredentialSchema>;

/** The base64 token of `Authorization: Basic <token>`: base64 of the UTF-8 bytes of `username:password` (RFC 7617). */
export function encodeBasicToken({ username, password }: BasicCredential): string {
  return Buffer.from(`${username}:${password}`, "utf8").toString("base64");
}
