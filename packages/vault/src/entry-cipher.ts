import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** One encrypted entry as held in memory (the file stores each buffer in base64). */
export interface SealedEntry {
  /** 96-bit nonce, fresh for every encryption. */
  readonly nonce: Buffer;
  /** 128-bit GCM authentication tag. */
  readonly tag: Buffer;
  readonly ciphertext: Buffer;
  /** ISO 8601 time of the last `set`. Bound into the associated data. */
  readonly updatedAt: string;
}

/** What an entry's associated data binds it to. */
export interface EntryBinding {
  readonly formatVersion: number;
  readonly vaultId: Buffer;
  readonly slug: string;
  readonly updatedAt: string;
}

/**
 * The associated data: format version, vault id, slug and updatedAt. An entry
 * copied under another slug, into another vault, or with an edited timestamp
 * fails to decrypt.
 */
export function entryAssociatedData({ formatVersion, vaultId, slug, updatedAt }: EntryBinding): Buffer {
  return Buffer.from(
    JSON.stringify(["src-vault entry", formatVersion, vaultId.toString("base64"), slug, updatedAt]),
    "utf8",
  );
}

/** Encrypts one credential's JSON with AES-256-GCM under a fresh random nonce. */
export function sealEntry(entryKey: Buffer, plaintext: string, binding: EntryBinding): SealedEntry {
  const nonce = randomBytes(12);
  // Stryker disable next-line ObjectLiteral: encryption makes a 16-byte tag by default (opening insists on 16, see below)
  const cipher = createCipheriv("aes-256-gcm", entryKey, nonce, { authTagLength: 16 });
  cipher.setAAD(entryAssociatedData(binding));
  // Stryker disable next-line StringLiteral: an empty encoding name is UTF-8 too
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return { nonce, tag: cipher.getAuthTag(), ciphertext, updatedAt: binding.updatedAt };
}

/** Decrypts and authenticates one entry; throws if any byte of it or of its binding changed. */
export function openEntry(entryKey: Buffer, entry: SealedEntry, binding: Omit<EntryBinding, "updatedAt">): string {
  const decipher = createDecipheriv("aes-256-gcm", entryKey, entry.nonce, { authTagLength: 16 });
  decipher.setAAD(entryAssociatedData({ ...binding, updatedAt: entry.updatedAt }));
  decipher.setAuthTag(entry.tag);
  return Buffer.concat([decipher.update(entry.ciphertext), decipher.final()]).toString("utf8");
}
