import { randomBytes } from "node:crypto";
import { VaultDamagedError } from "./errors/vault-damaged-error";
import { VaultKeyMismatchError } from "./errors/vault-key-mismatch-error";
import { VaultKeyMissingError } from "./errors/vault-key-missing-error";
import { readKeyFile, readOrCreateKeyFile } from "./key-file";
import type { ScryptCost, VaultSubkeys } from "./key-derivation";
import { computeKeyCheck, deriveKeyFromPassphrase, deriveSubkeys, keyCheckMatches } from "./key-derivation";
import type { VaultKeySource } from "./key-source";
import type { VaultHeader, VaultKdf } from "./vault-format";
import { VAULT_FORMAT_VERSION, headerBinding } from "./vault-format";

const passphraseVaultHint =
  "This vault is protected by a passphrase: set SRC_VAULT_PASSPHRASE (and unset SRC_VAULT_KEY) to the passphrase it was created with. The file was not changed.";
const keyVaultHint =
  "This vault is protected by a key (SRC_VAULT_KEY or the key file), not a passphrase: unset SRC_VAULT_PASSPHRASE, or set SRC_VAULT_KEY to the key it was created with. The file was not changed.";

/**
 * Turns one key source into the subkeys of a vault header, checking the key
 * check. Keeps derived master keys in private fields (never printed) so a
 * passphrase is stretched once per salt.
 */
export class VaultKeyring {
  readonly #source: VaultKeySource;
  readonly #scryptCost: ScryptCost;
  readonly #masterKeys = new Map<string, Buffer>();

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

  /** Derives the subkeys for `header` and verifies its key check; `VaultKeyMismatchError` when it fails. */
  async unlock(header: VaultHeader, file: string): Promise<VaultSubkeys> {
    const master = await this.#masterKey(header.kdf, { file, createKeyFile: false });
    const keys = deriveSubkeys(master, header.vaultId);
    if (!keyCheckMatches(computeKeyCheck(keys.checkKey, headerBinding(header)), header.keyCheck)) {
      throw new VaultKeyMismatchError({ file });
    }
    return keys;
  }

  /** A header for a new vault (or a rotation) under this key: fresh vault id, fresh salt. */
  async createHeader(file: string): Promise<{ header: VaultHeader; keys: VaultSubkeys }> {
    const vaultId = randomBytes(16);
    const kdf: VaultKdf = this.#source.kind === "passphrase" ? { name: "scrypt", salt: randomBytes(16), ...this.#scryptCost } : { name: "none" };
    const master = await this.#masterKey(kdf, { file, createKeyFile: true });
    const keys = deriveSubkeys(master, vaultId);
    const unsigned = { version: VAULT_FORMAT_VERSION, vaultId, kdf };
    return { header: { ...unsigned, keyCheck: computeKeyCheck(keys.checkKey, headerBinding(unsigned)) }, keys };
  }

  async #masterKey(kdf: VaultKdf, { file, createKeyFile }: { file: string; createKeyFile: boolean }): Promise<Buffer> {
    const source = this.#source;
    if (source.kind === "passphrase") {
      if (kdf.name !== "scrypt") throw new VaultKeyMismatchError({ file, hint: keyVaultHint });
      const cacheKey = JSON.stringify([kdf.salt.toString("base64"), kdf.N, kdf.r, kdf.p]);
      const cached = this.#masterKeys.get(cacheKey);
      if (cached !== undefined) return cached;
      let master: Buffer;
      try {
        master = await deriveKeyFromPassphrase(source.passphrase, kdf.salt, kdf);
      } catch (error) {
        throw new VaultDamagedError({ file, location: "kdf", problem: "scrypt rejected the stored parameters", cause: error });
      }
      this.#masterKeys.set(cacheKey, master);
      return master;
    }
    if (kdf.name !== "none") throw new VaultKeyMismatchError({ file, hint: passphraseVaultHint });
    if (source.kind === "key") return Buffer.from(source.key);
    const cached = this.#masterKeys.get("keyFile");
    if (cached !== undefined) return cached;
    const key = createKeyFile ? await readOrCreateKeyFile(source.file) : await readKeyFile(source.file);
    if (key === undefined) throw new VaultKeyMissingError({ file, keyFile: source.file });
    this.#masterKeys.set("keyFile", key);
    return key;
  }
}
