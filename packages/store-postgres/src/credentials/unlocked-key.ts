/** The format version bound into every entry's associated data (as in the vault file, version 2). */
export const entryFormatVersion = 2;

/** One usable key: its id (an HMAC that names it without revealing it) and its entry key. */
export interface UnlockedKey {
  readonly id: Buffer;
  readonly entryKey: Buffer;
}
