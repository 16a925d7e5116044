import { createHmac, timingSafeEqual } from "node:crypto";
import type { SealedEntry } from "./entry-cipher";
import { compareSlugs } from "./slug";

/** What `entriesMac` covers: the whole set of entries of one version of one vault. */
export interface EntriesBinding {
  readonly formatVersion: number;
  readonly vaultId: Buffer;
  /** Incremented by every write; never goes down for a given vault id. */
  readonly generation: number;
  readonly entries: ReadonlyMap<string, SealedEntry>;
}

/**
 * The canonical bytes the MAC is computed over: a JSON array of the format
 * version, vault id, generation and, sorted by slug (UTF-16 code units), each
 * entry's slug, nonce, tag and updatedAt. The tag authenticates the ciphertext,
 * so this pins every entry's exact sealed version.
 */
export function entriesMacBinding({ formatVersion, vaultId, generation, entries }: EntriesBinding): Buffer {
  const rows = [...entries]
    .sort(([a], [b]) => compareSlugs(a, b))
    .map(([slug, entry]) => [slug, entry.nonce.toString("base64"), entry.tag.toString("base64"), entry.updatedAt]);
  return Buffer.from(
    JSON.stringify(["src-vault entries", formatVersion, vaultId.toString("base64"), generation, rows]),
    "utf8",
  );
}

/** HMAC-SHA256 of the entry set under the entries-MAC subkey. */
export function computeEntriesMac(entriesMacKey: Buffer, binding: EntriesBinding): Buffer {
  return createHmac("sha256", entriesMacKey).update(entriesMacBinding(binding)).digest();
}

/** Whether `stored` is the MAC of `binding`, compared in constant time. */
export function entriesMacMatches(entriesMacKey: Buffer, binding: EntriesBinding, stored: Buffer): boolean {
  const expected = computeEntriesMac(entriesMacKey, binding);
  return expected.length === stored.length && timingSafeEqual(expected, stored);
}
