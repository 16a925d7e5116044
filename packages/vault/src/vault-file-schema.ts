import { z } from "zod";
import { isValidScryptCost } from "./key-derivation";

const base64 = (bytes: number) =>
  z
    .string()
    .refine(
      (value) => /^[A-Za-z0-9+/]*={0,2}$/.test(value) && Buffer.from(value, "base64").toString("base64") === value,
      { error: "must be base64" },
    )
    .transform((value) => Buffer.from(value, "base64"))
    .refine((value) => bytes < 0 || value.length === bytes, { error: `must be ${bytes} bytes` });

const slugKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, { error: "is not a valid slug" });

/** Format version 1: header (vault id, kdf, key check) and entries, each authenticated on its own. */
export const version1Schema = z.object({
  format: z.literal("src-vault"),
  version: z.literal(1),
  vaultId: base64(16),
  kdf: z.discriminatedUnion("name", [
    z.object({ name: z.literal("none") }),
    z
      .object({ name: z.literal("scrypt"), salt: base64(16), N: z.number(), r: z.number(), p: z.number() })
      .refine(isValidScryptCost, { error: "scrypt parameters out of range" }),
  ]),
  keyCheck: base64(32),
  entries: z.record(
    slugKey,
    z.object({ nonce: base64(12), tag: base64(16), ciphertext: base64(-1), updatedAt: z.iso.datetime() }),
  ),
});

/** Format version 2: version 1 plus a write counter and a MAC over the whole set of entries. */
export const version2Schema = version1Schema.extend({
  version: z.literal(2),
  generation: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  entriesMac: base64(32),
});
