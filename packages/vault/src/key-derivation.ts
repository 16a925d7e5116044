import { createHmac, hkdfSync, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt cost parameters, stored in the header of a passphrase vault. */
export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  readonly N: number;
  /** Block size. */
  readonly r: number;
  /** Parallelism. */
  readonly p: number;
}

/**
 * Default scrypt cost for new passphrase vaults: N = 2^16, r = 8, p = 1
 * (64 MiB; about 130 ms idle and up to about 260 ms under load on the 2-core
 * machine it was tuned on, where 2^17 took 260 to 520 ms; see the bench).
 */
export const defaultScryptCost: ScryptCost = { N: 2 ** 16, r: 8, p: 1 };

/** Largest memory scrypt may use when unlocking (a header cannot ask for more). */
export const SCRYPT_MAX_MEMORY_BYTES = 1024 * 1024 * 1024;

/** True when the cost is one scrypt accepts and whose memory stays under `SCRYPT_MAX_MEMORY_BYTES`. */
export function isValidScryptCost({ N, r, p }: ScryptCost): boolean {
  const integers = Number.isSafeInteger(N) && Number.isSafeInteger(r) && Number.isSafeInteger(p);
  return (
    integers &&
    N >= 2 &&
    (N & (N - 1)) === 0 &&
    r >= 1 &&
    p >= 1 &&
    p <= 16 &&
    128 * N * r * p <= SCRYPT_MAX_MEMORY_BYTES / 2
  );
}

/** Stretches a passphrase into a 32-byte master key. */
export function deriveKeyFromPassphrase(passphrase: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize("NFC"), salt, 32, { ...cost, maxmem: SCRYPT_MAX_MEMORY_BYTES }, (error, key) => {
      if (error === null) resolve(key);
      else reject(error);
    });
  });
}

/** The subkeys of one vault, derived from its master key with HKDF-SHA256 (salt: the vault id). */
export interface VaultSubkeys {
  /** AES-256-GCM key of the entries. */
  readonly entryKey: Buffer;
  /** HMAC-SHA256 key of the header key check. */
  readonly checkKey: Buffer;
  /** HMAC-SHA256 key of `entriesMac`, which authenticates the set of entries. */
  readonly entriesMacKey: Buffer;
}

/** Derives the entry, key-check and entries-MAC subkeys, so the master key itself never encrypts anything. */
export function deriveSubkeys(masterKey: Buffer, vaultId: Buffer): VaultSubkeys {
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", masterKey, vaultId, info, 32));
  return {
    entryKey: derive("src-vault v1 entry key"),
    checkKey: derive("src-vault v1 key check"),
    entriesMacKey: derive("src-vault v2 entries mac"),
  };
}

/** The key check: an HMAC over every header field, under the check subkey. */
export function computeKeyCheck(checkKey: Buffer, headerBinding: string): Buffer {
  return createHmac("sha256", checkKey).update(headerBinding, "utf8").digest();
}

/** Compares a stored key check with the expected one in constant time. */
export function keyCheckMatches(expected: Buffer, stored: Buffer): boolean {
  return expected.length === stored.length && timingSafeEqual(expected, stored);
}
