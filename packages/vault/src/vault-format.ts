import { z } from "zod";
import type { SealedEntry } from "./entry-cipher";
import { VaultDamagedError } from "./errors/vault-damaged-error";
import { VaultUnsupportedVersionError } from "./errors/vault-unsupported-version-error";
import { isValidScryptCost } from "./key-derivation";

/** The format version this package writes. */
export const VAULT_FORMAT_VERSION = 1;

/** How the master key is obtained: used as is (`none`) or stretched from a passphrase (`scrypt`). */
export type VaultKdf = { readonly name: "none" } | { readonly name: "scrypt"; readonly salt: Buffer; readonly N: number; readonly r: number; readonly p: number };

export interface VaultHeader {
  readonly version: number;
  /** 16 random bytes, new for every vault and every rotation; the HKDF salt and part of every entry's associated data. */
  readonly vaultId: Buffer;
  readonly kdf: VaultKdf;
  /** HMAC-SHA256 of the header under the key-check subkey. */
  readonly keyCheck: Buffer;
}

/** A vault file in memory, whatever version it was read from. */
export interface VaultDocument {
  readonly header: VaultHeader;
  readonly entries: Map<string, SealedEntry>;
}

/** The exact header fields the key check covers. */
export function headerBinding(header: Omit<VaultHeader, "keyCheck">): string {
  const kdf = header.kdf.name === "none" ? ["none"] : ["scrypt", header.kdf.salt.toString("base64"), header.kdf.N, header.kdf.r, header.kdf.p];
  return JSON.stringify(["src-vault header", header.version, header.vaultId.toString("base64"), kdf]);
}

const base64 = (bytes: number) =>
  z
    .string()
    .refine((value) => /^[A-Za-z0-9+/]*={0,2}$/.test(value) && Buffer.from(value, "base64").toString("base64") === value, { error: "must be base64" })
    .transform((value) => Buffer.from(value, "base64"))
    .refine((value) => bytes < 0 || value.length === bytes, { error: `must be ${bytes} bytes` });

const slugKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, { error: "is not a valid slug" });

const version1Schema = z.object({
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

/**
 * Parses a vault file. The version switch is here: a later format adds a case
 * and converts older documents. Anything unreadable is a `VaultDamagedError`
 * naming the place in the file; an unknown version is `VaultUnsupportedVersionError`.
 */
export function parseVaultFile(text: string, file: string): VaultDocument {
  if (text.trim() === "") throw new VaultDamagedError({ file, problem: "the file is empty (a write was cut short, or it was truncated)" });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new VaultDamagedError({ file, problem: "the file is not valid JSON (truncated or edited)", cause: error });
  }
  if (typeof data !== "object" || data === null || (data as { format?: unknown }).format !== "src-vault") {
    throw new VaultDamagedError({ file, problem: 'this is not a src vault file (no "format": "src-vault")' });
  }
  const version = (data as { version?: unknown }).version;
  switch (version) {
    case 1:
      return parseVersion1(data, file);
    default:
      if (typeof version === "number" && Number.isInteger(version) && version > VAULT_FORMAT_VERSION) {
        throw new VaultUnsupportedVersionError({ file, version });
      }
      throw new VaultDamagedError({ file, location: "version", problem: `unknown format version ${JSON.stringify(version)}` });
  }
}

function parseVersion1(data: unknown, file: string): VaultDocument {
  const result = version1Schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new VaultDamagedError({ file, location: issue?.path.map(String).join(".") || undefined, problem: issue?.message ?? "invalid" });
  }
  const { vaultId, kdf, keyCheck, entries } = result.data;
  return {
    header: { version: 1, vaultId, kdf, keyCheck },
    entries: new Map(Object.entries(entries)),
  };
}

/** Serializes a document in the current format (version 1). */
export function serializeVaultFile(document: VaultDocument): string {
  const { header } = document;
  const kdf = header.kdf.name === "none" ? { name: "none" } : { name: "scrypt", salt: header.kdf.salt.toString("base64"), N: header.kdf.N, r: header.kdf.r, p: header.kdf.p };
  const entries: Record<string, unknown> = {};
  for (const [slug, entry] of [...document.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    entries[slug] = {
      nonce: entry.nonce.toString("base64"),
      tag: entry.tag.toString("base64"),
      ciphertext: entry.ciphertext.toString("base64"),
      updatedAt: entry.updatedAt,
    };
  }
  const file = { format: "src-vault", version: VAULT_FORMAT_VERSION, vaultId: header.vaultId.toString("base64"), kdf, keyCheck: header.keyCheck.toString("base64"), entries };
  return `${JSON.stringify(file, null, 2)}\n`;
}
