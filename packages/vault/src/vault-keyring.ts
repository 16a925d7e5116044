import { randomBytes } from "node:crypto";
import { lstat } from "node:fs/promises";
import { VaultDamagedError } from "./errors/vault-damaged-error";
import { VaultKeyMismatchError } from "./errors/vault-key-mismatch-error";
import { VaultKeyMissingError } from "./errors/vault-key-missing-error";
import { signatureOf } from "./file-signature";
import { readKeyFileVersion, readOrCreateKeyFile } from "./key-file";
import type { ScryptCost, VaultSubkeys } from "./key-derivation";
import { computeKeyCheck, deriveKeyFromPassphrase, deriveSubkeys, keyCheckMatches } from "./key-derivation";
import type { VaultKeySource } from "./key-source";
import type { VaultHeader, VaultKdf } from "./vault-format";
import { VAULT_FORMAT_VERSION, headerBinding } from "./vault-format";
import { NEXT_KEY_FILE_SUFFIX } from "./vault-paths";
import { wrongKeyAdvice, type WrongKeyContext } from "./wrong-key-advice";

const passphraseVaultHint =
  "This vault is protected by a passphrase: set SRC_VAULT_PASSPHRASE (and unset SRC_VAULT_KEY) to the passphrase it was created with. The file was not changed.";
const keyVaultHint =
  "This vault is protected by a key (SRC_VAULT_KEY or the key file), not a passphrase: unset SRC_VAULT_PASSPHRASE, or set SRC_VAULT_KEY to the key it was created with. The file was not changed.";

/**
 * Turns one key source into the subkeys of a vault header, checking the key
 * check. Keeps derived master keys in private fields (never printed) so a
 * passphrase is stretched once per salt. A key file is read again whenever it
 * changed on disk (the same freshness check as the vault file's), so a process
 * keeps opening the vault after `src vault rotate` puts a new key file in place.
 */
export class VaultKeyring {
  readonly #source: VaultKeySource;
  readonly #scryptCost: ScryptCost;
  readonly #masterKeys = new Map<string, Buffer>();
  /** Each key file's key as last read, with the signature of the file version it came from. */
  readonly #keyFiles = new Map<string, { signature: string; key: Buffer }>();

  constructor({ source, scryptCost }: { source: VaultKeySource; scryptCost: ScryptCost }) {
    this.#source = source;
    this.#scryptCost = scryptCost;
  }

  /** The kind of key this keyring holds, for messages. */
  get kind(): VaultKeySource["kind"] {
    return this.#source.kind;
  }

  /** Loads the key file now, creating it when `createKeyFile` (first use); no-op for other sources. */
  async prepare({ file, createKeyFile }: { file: string; createKeyFile: boolean }): Promise<void> {
    if (this.#source.kind !== "keyFile") return;
    await this.#masterKey({ name: "none" }, { file, createKeyFile });
  }

  /**
   * Derives the subkeys for `header` and verifies its key check; `VaultKeyMismatchError` when it fails, with advice
   * that fits `context`. A key file source also tries `<key file>.next`: a generated-key rotation writes the vault
   * under it before renaming it over the key file, so between the two (or after a crash there) it opens the vault.
   */
  async unlock(header: VaultHeader, file: string, context: WrongKeyContext): Promise<VaultSubkeys> {
    const mismatch = (): VaultKeyMismatchError =>
      new VaultKeyMismatchError({
        file,
        hint: wrongKeyAdvice({
          context,
          kind: this.#source.kind,
          keyFile: this.#source.kind === "keyFile" ? this.#source.file : undefined,
        }),
      });
    const opens = (master: Buffer): VaultSubkeys | undefined => {
      const keys = deriveSubkeys(master, header.vaultId);
      return keyCheckMatches(computeKeyCheck(keys.checkKey, headerBinding(header)), header.keyCheck) ? keys : undefined;
    };
    const source = this.#source;
    if (source.kind !== "keyFile" || header.kdf.name !== "none") {
      const keys = opens(await this.#masterKey(header.kdf, { file, createKeyFile: false, context }));
      if (keys === undefined) throw mismatch();
      return keys;
    }
    const current = await this.#keyFileKey(source.file, { create: false });
    const keys = current === undefined ? undefined : opens(current);
    if (keys !== undefined) return keys;
    // Only a next key that opens the vault is used; an unreadable or stray one changes nothing.
    const next = await this.#keyFileKey(`${source.file}${NEXT_KEY_FILE_SUFFIX}`, { create: false }).catch(
      () => undefined,
    );
    const nextKeys = next === undefined ? undefined : opens(next);
    if (nextKeys !== undefined) return nextKeys;
    if (current === undefined) throw new VaultKeyMissingError({ file, keyFile: source.file });
    throw mismatch();
  }

  /** A header for a new vault (or a rotation) under this key: fresh vault id, fresh salt. */
  async createHeader(file: string): Promise<{ header: VaultHeader; keys: VaultSubkeys }> {
    const vaultId = randomBytes(16);
    const kdf: VaultKdf =
      this.#source.kind === "passphrase"
        ? { name: "scrypt", salt: randomBytes(16), ...this.#scryptCost }
        : { name: "none" };
    const master = await this.#masterKey(kdf, { file, createKeyFile: true });
    const keys = deriveSubkeys(master, vaultId);
    const unsigned = { version: VAULT_FORMAT_VERSION, vaultId, kdf };
    return { header: { ...unsigned, keyCheck: computeKeyCheck(keys.checkKey, headerBinding(unsigned)) }, keys };
  }

  async #masterKey(
    kdf: VaultKdf,
    { file, createKeyFile, context }: { file: string; createKeyFile: boolean; context?: WrongKeyContext },
  ): Promise<Buffer> {
    const source = this.#source;
    const rotated =
      context?.rotatedSinceOpened === true
        ? "It was re-encrypted after this process opened it (`src vault rotate`). "
        : "";
    if (source.kind === "passphrase") {
      if (kdf.name !== "scrypt") throw new VaultKeyMismatchError({ file, hint: rotated + keyVaultHint });
      const cacheKey = JSON.stringify([kdf.salt.toString("base64"), kdf.N, kdf.r, kdf.p]);
      const cached = this.#masterKeys.get(cacheKey);
      if (cached !== undefined) return cached;
      let master: Buffer;
      try {
        master = await deriveKeyFromPassphrase(source.passphrase, kdf.salt, kdf);
      } catch (error) {
        throw new VaultDamagedError({
          file,
          location: "kdf",
          problem: "scrypt rejected the stored parameters",
          cause: error,
        });
      }
      this.#masterKeys.set(cacheKey, master);
      return master;
    }
    if (kdf.name !== "none") throw new VaultKeyMismatchError({ file, hint: rotated + passphraseVaultHint });
    if (source.kind === "key") return Buffer.from(source.key);
    const key = await this.#keyFileKey(source.file, { create: createKeyFile });
    if (key === undefined) throw new VaultKeyMissingError({ file, keyFile: source.file });
    return key;
  }

  /** The key in `keyFile`, read again only when the file changed since the last read; created when `create` and missing. */
  async #keyFileKey(keyFile: string, { create }: { create: boolean }): Promise<Buffer | undefined> {
    const cached = this.#keyFiles.get(keyFile);
    if (cached !== undefined) {
      const signature = await lstat(keyFile).then(signatureOf, () => undefined);
      if (signature === cached.signature) return cached.key;
    }
    if (create) await readOrCreateKeyFile(keyFile);
    const version = await readKeyFileVersion(keyFile);
    if (version === undefined) {
      this.#keyFiles.delete(keyFile);
      return undefined;
    }
    this.#keyFiles.set(keyFile, version);
    return version.key;
  }
}
