import type { SealedEntry } from "./entry-cipher";
import { VaultDamagedError } from "./errors/vault-damaged-error";
import { VaultUnsupportedVersionError } from "./errors/vault-unsupported-version-error";
import { version1Schema, version2Schema } from "./vault-file-schema";
import { compareSlugs } from "./slug";

/** The format version this package writes. */
export const VAULT_FORMAT_VERSION = 2;

/** How the master key is obtained: used as is (`none`) or stretched from a passphrase (`scrypt`). */
export type VaultKdf =
  | { readonly name: "none" }
  | { readonly name: "scrypt"; readonly salt: Buffer; readonly N: number; readonly r: number; readonly p: number };

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
  /** Write counter: 0 for a version 1 file, then one more on every write. */
  readonly generation: number;
  /** HMAC-SHA256 of the entry set (see `entries-mac.ts`); `undefined` in a version 1 file, which has none. */
  readonly entriesMac: Buffer | undefined;
  readonly entries: Map<string, SealedEntry>;
}

/** The exact header fields the key check covers. */
export function headerBinding(header: Omit<VaultHeader, "keyCheck">): string {
  const kdf =
    header.kdf.name === "none"
      ? ["none"]
      : ["scrypt", header.kdf.salt.toString("base64"), header.kdf.N, header.kdf.r, header.kdf.p];
  return JSON.stringify(["src-vault header", header.version, header.vaultId.toString("base64"), kdf]);
}

/**
 * Parses a vault file. The version switch is here: a later format adds a case
 * and converts older documents. Anything unreadable is a `VaultDamagedError`
 * naming the place in the file; an unknown version is `VaultUnsupportedVersionError`.
 */
export function parseVaultFile(text: string, file: string): VaultDocument {
  if (text.trim() === "")
    throw new VaultDamagedError({ file, problem: "the file is empty (a write was cut short, or it was truncated)" });
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
    case 2:
      return parseKnownVersion(data, file);
    default:
      if (typeof version === "number" && Number.isInteger(version) && version > VAULT_FORMAT_VERSION) {
        throw new VaultUnsupportedVersionError({ file, version });
      }
      throw new VaultDamagedError({
        file,
        location: "version",
        problem: `unknown format version ${JSON.stringify(version)}`,
      });
  }
}

/**
 * The path of the first `"__proto__"` member anywhere in a parsed document, or
 * `undefined`. zod leaves such a member out of what it parses (assigning it
 * would replace a prototype), so without this check it would be dropped
 * silently instead of reported like any other unexpected member.
 */
function protoMemberPath(value: unknown, path: string): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (!Array.isArray(value) && Object.hasOwn(value, "__proto__"))
    return path === "" ? "__proto__" : `${path}.__proto__`;
  for (const [key, child] of Object.entries(value)) {
    const found = protoMemberPath(child, path === "" ? key : `${path}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

function parseKnownVersion(data: unknown, file: string): VaultDocument {
  const protoPath = protoMemberPath(data, "");
  if (protoPath !== undefined)
    throw new VaultDamagedError({
      file,
      location: protoPath,
      problem: 'an unexpected "__proto__" member (the file was edited or tampered with)',
    });
  const result =
    (data as { version: unknown }).version === 1 ? version1Schema.safeParse(data) : version2Schema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new VaultDamagedError({
      file,
      location: issue?.path.map(String).join(".") || undefined,
      problem: issue?.message ?? "invalid",
    });
  }
  const { version, vaultId, kdf, keyCheck, entries } = result.data;
  const { generation, entriesMac } =
    "entriesMac" in result.data ? result.data : { generation: 0, entriesMac: undefined };
  return {
    header: { version, vaultId, kdf, keyCheck },
    generation,
    entriesMac,
    entries: new Map(Object.entries(entries)),
  };
}

/** Serializes a document in the current format (version 2): its header, keyCheck and entries must be version 2 ones. */
export function serializeVaultFile(document: VaultDocument & { readonly entriesMac: Buffer }): string {
  const { header, entriesMac } = document;
  const kdf =
    header.kdf.name === "none"
      ? { name: "none" }
      : { name: "scrypt", salt: header.kdf.salt.toString("base64"), N: header.kdf.N, r: header.kdf.r, p: header.kdf.p };
  const entries: Record<string, unknown> = {};
  for (const [slug, entry] of [...document.entries].sort(([a], [b]) => compareSlugs(a, b))) {
    entries[slug] = {
      nonce: entry.nonce.toString("base64"),
      tag: entry.tag.toString("base64"),
      ciphertext: entry.ciphertext.toString("base64"),
      updatedAt: entry.updatedAt,
    };
  }
  const file = {
    format: "src-vault",
    version: VAULT_FORMAT_VERSION,
    vaultId: header.vaultId.toString("base64"),
    kdf,
    keyCheck: header.keyCheck.toString("base64"),
    generation: document.generation,
    entriesMac: entriesMac.toString("base64"),
    entries,
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}
