import { inspect } from "node:util";
import path from "node:path";
import { removeStrayTemporaryFiles, writeFileAtomic } from "@src/file-lock";
import { ensurePrivateDirectory } from "./private-directory";
import type { SealedEntry } from "./entry-cipher";
import { sealEntry } from "./entry-cipher";
import { InvalidVaultCredentialError } from "./errors/invalid-vault-credential-error";
import { InvalidVaultSlugError } from "./errors/invalid-vault-slug-error";
import type { VaultSubkeys } from "./key-derivation";
import type { VaultCredential } from "./redacted-credential";
import { createRedactedCredential } from "./redacted-credential";
import { assertVaultSlug } from "./slug";
import { computeEntriesMac } from "./entries-mac";
import type { VaultHeader } from "./vault-format";
import { serializeVaultFile } from "./vault-format";
import { upgradeToCurrentFormat } from "./upgrade-format";
import type { ScryptCost } from "./key-derivation";
import type { VaultKeySource } from "./key-source";
import { checkKeySource } from "./key-source";
import { VaultKeyring } from "./vault-keyring";
import type { VaultLockOptions } from "./vault-lock";
import { withVaultLock } from "./vault-lock";
import type {
  CredentialLockName,
  CredentialVault,
  VaultConnectionEntry,
  VaultListEntry,
  VaultSetOptions,
} from "./credential-vault";
import { withCredentialFileLock } from "./credential-lock";
import {
  assertPrincipal,
  connectionEntryName,
  isConnectionEntryName,
  readConnectionPlaintext,
  sealableConnection,
  slugOfConnectionEntry,
} from "./connection-entry";
import type { VaultState } from "./vault-state";
import { fileSignature, readVaultState } from "./vault-state";

/** A draft of the next vault contents, changed inside the lock. */
interface VaultDraft {
  header: VaultHeader;
  keys: VaultSubkeys;
  entries: Map<string, SealedEntry>;
  plaintexts: Map<string, string>;
}

/** An open vault. Create one with `openVault`. Every method re-reads the file when it changed, so several processes see each other's writes. */
export class Vault implements CredentialVault {
  /** The vault file. */
  readonly file: string;
  #keyring: VaultKeyring;
  readonly #lock: VaultLockOptions;
  readonly #scryptCost: ScryptCost;
  #state: VaultState | undefined;
  /** The credential last handed out per slug, reused while its plaintext is the same (it is frozen and flat, so nobody can change it). */
  readonly #credentials = new Map<string, { plaintext: string; credential: VaultCredential }>();

  /** @internal use `openVault` */
  constructor({
    file,
    keyring,
    lock,
    scryptCost,
  }: {
    file: string;
    keyring: VaultKeyring;
    lock: VaultLockOptions;
    scryptCost: ScryptCost;
  }) {
    this.file = file;
    this.#scryptCost = scryptCost;
    this.#keyring = keyring;
    this.#lock = lock;
  }

  /** @internal reads and verifies the file; throws when it cannot be read with this key. */
  async load(): Promise<void> {
    await this.#read();
  }

  /** The credential stored under `slug`, or `undefined`. Its values print as `[REDACTED]`. */
  async get<TCredential extends Record<string, unknown> = Record<string, unknown>>(
    slug: string,
  ): Promise<VaultCredential<TCredential> | undefined> {
    assertSharedSlug(slug);
    const plaintext = (await this.#read())?.plaintexts.get(slug);
    if (plaintext === undefined) {
      this.#credentials.delete(slug);
      return undefined;
    }
    const known = this.#credentials.get(slug);
    if (known?.plaintext === plaintext) return known.credential as VaultCredential<TCredential>;
    const credential = createRedactedCredential(JSON.parse(plaintext) as TCredential);
    // Reused only when every value is a primitive: the object is frozen, so the shared copy cannot be changed by anyone.
    if (Object.values(credential).every((value) => value === null || typeof value !== "object"))
      this.#credentials.set(slug, { plaintext, credential });
    else this.#credentials.delete(slug);
    return credential;
  }

  /** Whether a credential is stored under `slug`. */
  async has(slug: string): Promise<boolean> {
    assertSharedSlug(slug);
    return (await this.#read())?.entries.has(slug) ?? false;
  }

  /** Slugs and their `updatedAt`, sorted by slug; never values. */
  async list(): Promise<VaultListEntry[]> {
    const state = await this.#read();
    if (state === undefined) return [];
    return [...state.entries]
      .filter(([slug]) => !isConnectionEntryName(slug))
      .map(([slug, entry]) => ({ slug, updatedAt: entry.updatedAt }))
      .sort((a, b) => (a.slug < b.slug ? -1 : 1));
  }

  /** Encrypts and stores `credential` under `slug`, replacing any previous one. Resolves once it is durably on disk. */
  async set(slug: string, credential: Record<string, unknown>, options: VaultSetOptions = {}): Promise<void> {
    assertSharedSlug(slug);
    const values = await checkCredential(slug, credential, options.schema, this.file);
    await this.#seal(slug, JSON.stringify(values));
  }

  /** Seals `plaintext` under the entry name `name` (a slug, or a connection's name), replacing what was there. */
  async #seal(name: string, plaintext: string): Promise<void> {
    const slug = name;
    await this.#mutate((draft) => {
      const updatedAt = new Date().toISOString();
      draft.entries.set(
        slug,
        sealEntry(draft.keys.entryKey, plaintext, {
          formatVersion: draft.header.version,
          vaultId: draft.header.vaultId,
          slug,
          updatedAt,
        }),
      );
      draft.plaintexts.set(slug, plaintext);
      return { changed: true, result: undefined };
    });
  }

  /** Removes the credential under `slug`; resolves to whether there was one. */
  async delete(slug: string): Promise<boolean> {
    assertSharedSlug(slug);
    return this.#remove(slug);
  }

  async #remove(name: string): Promise<boolean> {
    return this.#mutate((draft) => {
      const existed = draft.entries.delete(name);
      draft.plaintexts.delete(name);
      return { changed: existed, result: existed };
    });
  }

  /** One principal's credential for a per-user source, or `undefined`. Its values print as `[REDACTED]`. */
  async getConnection<TCredential extends Record<string, unknown> = Record<string, unknown>>(
    slug: string,
    principal: string,
  ): Promise<VaultCredential<TCredential> | undefined> {
    const name = connectionEntryName(slug, principal);
    const plaintext = (await this.#read())?.plaintexts.get(name);
    if (plaintext === undefined) return undefined;
    return createRedactedCredential(readConnectionPlaintext(plaintext, principal).credential as TCredential);
  }

  /** Encrypts and stores one principal's credential for a per-user source. */
  async setConnection(
    slug: string,
    principal: string,
    credential: Record<string, unknown>,
    options: VaultSetOptions = {},
  ): Promise<void> {
    const name = connectionEntryName(slug, principal);
    const values = await checkCredential(slug, credential, options.schema, this.file);
    await this.#seal(name, sealableConnection(principal, values));
  }

  /** Removes one principal's credential for a per-user source; resolves to whether there was one. */
  async deleteConnection(slug: string, principal: string): Promise<boolean> {
    return this.#remove(connectionEntryName(slug, principal));
  }

  /** Removes every principal's credential for `slug`; resolves to how many there were. */
  async deleteConnections(slug: string): Promise<number> {
    assertVaultSlug(slug);
    return this.#mutate((draft) => {
      let removed = 0;
      for (const name of [...draft.entries.keys()]) {
        if (!isConnectionEntryName(name) || slugOfConnectionEntry(name) !== slug) continue;
        draft.entries.delete(name);
        draft.plaintexts.delete(name);
        removed += 1;
      }
      return { changed: removed > 0, result: removed };
    });
  }

  /**
   * Runs `action` holding one credential's lock, shared with every process using this vault file (a directory
   * beside it, `vault.json.credential-<hash>.lock`, removed afterwards). See `CredentialVault.withCredentialLock`.
   */
  async withCredentialLock<T>(credential: CredentialLockName, action: () => Promise<T>): Promise<T> {
    assertVaultSlug(credential.slug);
    if (credential.principal !== undefined) assertPrincipal(credential.principal);
    return withCredentialFileLock(this.file, credential, action);
  }

  /** Who is connected to which per-user source, sorted by slug then principal; never values. */
  async listConnections(
    filter: { slug?: string | undefined; principal?: string | undefined } = {},
  ): Promise<VaultConnectionEntry[]> {
    if (filter.principal !== undefined) assertPrincipal(filter.principal);
    const state = await this.#read();
    if (state === undefined) return [];
    const connections: VaultConnectionEntry[] = [];
    for (const [name, entry] of state.entries) {
      if (!isConnectionEntryName(name)) continue;
      const slug = slugOfConnectionEntry(name);
      if (filter.slug !== undefined && slug !== filter.slug) continue;
      const plaintext = state.plaintexts.get(name);
      if (plaintext === undefined) continue;
      const { principal } = readConnectionPlaintext(plaintext);
      if (filter.principal !== undefined && principal !== filter.principal) continue;
      connections.push({ slug, principal, updatedAt: entry.updatedAt });
    }
    return connections.sort((a, b) =>
      a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : a.principal < b.principal ? -1 : a.principal > b.principal ? 1 : 0,
    );
  }

  /**
   * Re-encrypts every entry under the key of `newKeySource`, with a new vault
   * id (and a new salt for a passphrase), in one atomic write. Afterwards only
   * the new key opens the vault; this `Vault` keeps working with it. A key
   * file source is created when missing.
   */
  async rotate(newKeySource: VaultKeySource): Promise<void> {
    const keyring = new VaultKeyring({ source: checkKeySource(newKeySource), scryptCost: this.#scryptCost });
    await this.#mutate(async (draft) => {
      const { header, keys } = await keyring.createHeader(this.file);
      draft.header = header;
      draft.keys = keys;
      for (const [slug, plaintext] of draft.plaintexts) {
        const updatedAt = draft.entries.get(slug)?.updatedAt ?? new Date().toISOString();
        draft.entries.set(
          slug,
          sealEntry(keys.entryKey, plaintext, {
            formatVersion: header.version,
            vaultId: header.vaultId,
            slug,
            updatedAt,
          }),
        );
      }
      return { changed: true, result: undefined };
    });
    this.#keyring = keyring;
  }

  async #read(): Promise<VaultState | undefined> {
    this.#state = await readVaultState({ file: this.file, keyring: this.#keyring, previous: this.#state });
    return this.#state;
  }

  /**
   * Every change: under the lock, re-read and verify the file, upgrade an older
   * format, apply `change`, then write with the next generation and a new entriesMac.
   */
  async #mutate<T>(
    change: (draft: VaultDraft) => Promise<{ changed: boolean; result: T }> | { changed: boolean; result: T },
  ): Promise<T> {
    return withVaultLock(this.file, this.#lock, async (lock) => {
      const current = await this.#read();
      const draft: VaultDraft =
        current === undefined
          ? { ...(await this.#keyring.createHeader(this.file)), entries: new Map(), plaintexts: new Map() }
          : {
              header: current.header,
              keys: current.keys,
              entries: new Map(current.entries),
              plaintexts: new Map(current.plaintexts),
            };
      upgradeToCurrentFormat(draft);
      const { changed, result } = await change(draft);
      if (!changed) return result;
      const generation = (current?.generation ?? 0) + 1;
      const { header, keys, entries } = draft;
      const entriesMac = computeEntriesMac(keys.entriesMacKey, {
        formatVersion: header.version,
        vaultId: header.vaultId,
        generation,
        entries,
      });
      await removeStrayTemporaryFiles(this.file);
      lock.assertHeld();
      await ensurePrivateDirectory(path.dirname(this.file));
      await writeFileAtomic(this.file, serializeVaultFile({ header, generation, entriesMac, entries }));
      this.#state = { signature: await fileSignature(this.file), generation, ...draft };
      return result;
    });
  }

  /** Shows the file and the number of entries, never keys or values. */
  [inspect.custom](): string {
    return `Vault { file: ${JSON.stringify(this.file)}, entries: ${this.#state?.entries.size ?? 0} }`;
  }

  toJSON(): { file: string; entries: number } {
    return { file: this.file, entries: this.#state?.entries.size ?? 0 };
  }
}

/** A shared credential's slug: a valid vault slug that is not a connection's entry name (those go through `setConnection`). */
function assertSharedSlug(slug: unknown): asserts slug is string {
  assertVaultSlug(slug);
  if (isConnectionEntryName(slug)) throw new InvalidVaultSlugError({ slug });
}

/** Checks a credential to store: a plain object, parsed with the plugin's schema when given. `file` names the vault in errors. */
export async function checkCredential(
  slug: string,
  credential: unknown,
  schema: VaultSetOptions["schema"],
  file: string,
): Promise<Record<string, unknown>> {
  const isPlainObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);
  if (!isPlainObject(credential))
    throw new InvalidVaultCredentialError({
      slug,
      file,
      problem: 'the credential must be a plain object such as { token: "..." }',
    });
  if (schema === undefined) return { ...credential };
  const result = await schema.safeParseAsync({ ...credential });
  if (!result.success) throw new InvalidVaultCredentialError({ slug, file, issues: result.error.issues });
  if (!isPlainObject(result.data))
    throw new InvalidVaultCredentialError({ slug, file, problem: "the schema's output is not a plain object" });
  return result.data;
}
