import { randomBytes } from "node:crypto";
import type { Sql } from "postgres";
import {
  createRedactedCredential,
  defaultScryptCost,
  type CredentialVault,
  type ScryptCost,
  type VaultCredential,
  type VaultListEntry,
  type VaultSetOptions,
} from "@src/vault";
import {
  assertVaultSlug,
  checkCredential,
  computeKeyCheck,
  deriveKeyFromPassphrase,
  deriveSubkeys,
  openEntry,
  sealEntry,
} from "@src/vault/internal";
import { createPostgresConnections } from "./postgres-connections";
import { createPostgresCredentialLock } from "./postgres-credential-lock";
import { entryFormatVersion, type UnlockedKey } from "./unlocked-key";
import { STORE_POSTGRES_ERROR_CODES, StorePostgresError } from "../errors/store-postgres-error";
import type { ChangeFeed } from "../changes/change-feed";
import type { StoreVaultKey } from "./vault-keys";

interface CredentialRow {
  slug: string;
  revision: string;
  key_id: Buffer;
  nonce: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
  updated_at: string;
}

/** The credential vault over PostgreSQL, with what `src vault rotate` needs. */
export interface PostgresCredentialVault extends CredentialVault {
  /**
   * Re-encrypts every credential under the current key (the first of
   * `SRC_VAULT_KEYS`) in one transaction; entries under any of the other keys
   * are read with those. Returns how many entries it re-encrypted.
   */
  rotate(): Promise<{ credentials: number }>;
}

/** Options of `openPostgresCredentialVault`. */
export interface PostgresCredentialVaultOptions {
  readonly sql: Sql;
  readonly feed: ChangeFeed;
  /** The keys, the current one first (`resolveStoreVaultKeys`). */
  readonly keys: readonly StoreVaultKey[];
  /** Where the store is, for messages (no password). */
  readonly location: string;
  /** scrypt cost for the passphrase salt of a new store. Default: `@src/vault`'s default. Lower it only in tests. */
  readonly scryptCost?: ScryptCost | undefined;
}

const keyIdLabel = "src-store-postgres key id";

/** The store's vault id and the given keys, unlocked (a passphrase with the store's salt and cost); the vault row is created on first use. */
async function unlockVaultKeys(
  options: PostgresCredentialVaultOptions,
): Promise<{ vaultId: Buffer; keys: UnlockedKey[] }> {
  const { sql } = options;
  const cost = options.scryptCost ?? defaultScryptCost;
  await sql`insert into src_vault (singleton, vault_id, passphrase_salt, scrypt_cost)
    values (true, ${randomBytes(16)}, ${randomBytes(16)}, ${sql.json({ N: cost.N, r: cost.r, p: cost.p })}) on conflict (singleton) do nothing`;
  const [vault] = await sql<
    { vault_id: Buffer; passphrase_salt: Buffer; scrypt_cost: ScryptCost }[]
  >`select vault_id, passphrase_salt, scrypt_cost from src_vault`;
  if (vault === undefined) throw new Error("src_vault has no row after it was created");
  const vaultId = vault.vault_id;
  const keys: UnlockedKey[] = [];
  for (const key of options.keys) {
    const master =
      key.kind === "key"
        ? key.key
        : await deriveKeyFromPassphrase(key.passphrase, vault.passphrase_salt, vault.scrypt_cost);
    const subkeys = deriveSubkeys(master, vaultId);
    keys.push({ id: computeKeyCheck(subkeys.checkKey, keyIdLabel), entryKey: subkeys.entryKey });
  }
  return { vaultId, keys };
}

/** Refuses a wrong key at start rather than at the first call: when credentials exist, some must be under one of ours. */
async function refuseWrongKey(
  sql: Sql,
  keyOf: (id: Buffer) => UnlockedKey | undefined,
  location: string,
): Promise<void> {
  const storedKeyIds = await sql<{ key_id: Buffer }[]>`select distinct key_id from src_credentials`;
  if (storedKeyIds.length > 0 && !storedKeyIds.some((row) => keyOf(row.key_id) !== undefined)) {
    throw new StorePostgresError({
      code: STORE_POSTGRES_ERROR_CODES.WRONG_VAULT_KEY,
      message: `the credentials in ${location} are encrypted under another key than SRC_VAULT_KEY / SRC_VAULT_KEYS / SRC_VAULT_PASSPHRASE gives; set the key the store was created or rotated with (nothing was changed)`,
    });
  }
}

/** Decrypts a credential row with the key it names, which must be one of `keysToTry`; a damaged row is refused. */
function openCredentialRow(row: CredentialRow, keysToTry: readonly UnlockedKey[], vaultId: Buffer): string {
  const key = keysToTry.find((candidate) => candidate.id.equals(row.key_id));
  if (key === undefined) {
    throw new StorePostgresError({
      code: STORE_POSTGRES_ERROR_CODES.WRONG_VAULT_KEY,
      message: `the credential of "${row.slug}" is encrypted under a key this process does not have (it was rotated); restart it with the new key first in SRC_VAULT_KEYS`,
    });
  }
  try {
    return openEntry(
      key.entryKey,
      { nonce: row.nonce, tag: row.tag, ciphertext: row.ciphertext, updatedAt: row.updated_at },
      { formatVersion: entryFormatVersion, vaultId, slug: row.slug },
    );
  } catch (error) {
    throw new StorePostgresError({
      code: STORE_POSTGRES_ERROR_CODES.CREDENTIAL_DAMAGED,
      message: `the stored credential of "${row.slug}" failed authentication (the row was edited or damaged); store it again with \`src credential set ${row.slug}\``,
      cause: error,
    });
  }
}

/**
 * Opens the credential vault of a PostgreSQL store. Entries are sealed in this
 * process exactly as in the vault file (AES-256-GCM under a subkey derived with
 * HKDF from the master key and the store's vault id; the vault id, the slug and
 * `updatedAt` as associated data), so the database sees neither a plaintext nor
 * a key. Decrypted credentials are cached until the change feed says they
 * changed: an agent call does not wait on the database.
 */
export async function openPostgresCredentialVault(
  options: PostgresCredentialVaultOptions,
): Promise<PostgresCredentialVault> {
  const { sql, feed, location } = options;
  const { vaultId, keys } = await unlockVaultKeys(options);
  const current = keys[0];
  if (current === undefined)
    throw new StorePostgresError({
      code: STORE_POSTGRES_ERROR_CODES.VAULT_KEY_REQUIRED,
      message: "no vault key was given",
    });
  const keyOf = (id: Buffer): UnlockedKey | undefined => keys.find((key) => key.id.equals(id));

  await refuseWrongKey(sql, keyOf, location);

  const decrypt = (row: CredentialRow): string => openCredentialRow(row, keys, vaultId);

  /**
   * Decrypted credentials by slug (`undefined`: known to be absent), dropped
   * when the change feed names them; `epoch` guards against caching a read
   * that a change overtook. `lastDecrypted` keeps the last value decrypted per
   * slug with its revision: when a row read again has the same revision (the
   * value did not change: a rotation, a reconnected listener) but is under a key
   * this process lacks, that is still the value, so a replica on the old key
   * keeps serving it until it is restarted with the new key.
   */
  type Decrypted = { revision: string; credential: VaultCredential };
  const cache = new Map<string, Decrypted | undefined>();
  const lastDecrypted = new Map<string, Decrypted>();
  let listing: VaultListEntry[] | undefined;
  let epoch = 0;
  const invalidate = (slug: string | undefined): void => {
    epoch += 1;
    listing = undefined;
    if (slug === undefined) cache.clear();
    else cache.delete(slug);
  };
  feed.subscribe((change) => {
    if (change === undefined) invalidate(undefined);
    else if (change.table === "src_credentials") invalidate(change.slug);
  });
  const forget = (slug: string): void => {
    invalidate(slug);
    lastDecrypted.delete(slug);
  };

  function decryptRow(row: CredentialRow): Decrypted {
    const known = lastDecrypted.get(row.slug);
    if (known?.revision === row.revision && keyOf(row.key_id) === undefined) return known;
    const value = {
      revision: row.revision,
      credential: createRedactedCredential(JSON.parse(decrypt(row)) as Record<string, unknown>),
    };
    lastDecrypted.set(row.slug, value);
    return value;
  }

  async function load(slug: string): Promise<Decrypted | undefined> {
    if (cache.has(slug)) return cache.get(slug);
    const started = epoch;
    const [row] = await sql<
      CredentialRow[]
    >`select slug, revision, key_id, nonce, tag, ciphertext, updated_at from src_credentials where slug = ${slug}`;
    const value = row === undefined ? undefined : decryptRow(row);
    if (row === undefined) lastDecrypted.delete(slug);
    if (epoch === started) cache.set(slug, value);
    return value;
  }

  async function list(): Promise<VaultListEntry[]> {
    if (listing !== undefined) return listing;
    const started = epoch;
    const rows = await sql<
      { slug: string; updated_at: string }[]
    >`select slug, updated_at from src_credentials order by slug collate "C"`;
    const entries = rows.map((row) => ({ slug: row.slug, updatedAt: row.updated_at }));
    if (epoch === started) listing = entries;
    return entries;
  }

  const connections = createPostgresConnections({ sql, vaultId, current, keyOf, location });

  // Connections are read from the database every time; only a shared credential's cached copy must go.
  const withCredentialLock = createPostgresCredentialLock({
    sql,
    location,
    before: (credential) => {
      if (credential.principal === undefined) invalidate(credential.slug);
    },
  });

  return {
    list,
    withCredentialLock,

    ...connections.methods,

    async get<TCredential extends Record<string, unknown> = Record<string, unknown>>(slug: string) {
      assertVaultSlug(slug);
      return (await load(slug))?.credential as VaultCredential<TCredential> | undefined;
    },

    async has(slug) {
      assertVaultSlug(slug);
      if (cache.has(slug)) return cache.get(slug) !== undefined;
      return (await list()).some((entry) => entry.slug === slug);
    },

    async set(slug: string, credential: Record<string, unknown>, setOptions: VaultSetOptions = {}) {
      assertVaultSlug(slug);
      const plaintext = JSON.stringify(await checkCredential(slug, credential, setOptions.schema, location));
      const updatedAt = new Date().toISOString();
      const sealed = sealEntry(current.entryKey, plaintext, {
        formatVersion: entryFormatVersion,
        vaultId,
        slug,
        updatedAt,
      });
      await sql`insert into src_credentials (slug, key_id, nonce, tag, ciphertext, updated_at)
        values (${slug}, ${current.id}, ${sealed.nonce}, ${sealed.tag}, ${sealed.ciphertext}, ${updatedAt})
        on conflict (slug) do update set key_id = excluded.key_id, nonce = excluded.nonce, tag = excluded.tag,
          ciphertext = excluded.ciphertext, updated_at = excluded.updated_at, revision = src_credentials.revision + 1`;
      forget(slug);
    },

    async delete(slug) {
      assertVaultSlug(slug);
      const rows = await sql`delete from src_credentials where slug = ${slug} returning slug`;
      forget(slug);
      return rows.length > 0;
    },

    async rotate() {
      const credentials = await sql.begin(async (transaction) => {
        // One writer at a time, and no credential written meanwhile under the old key.
        await transaction`lock table src_credentials in share row exclusive mode`;
        const rows = await transaction<
          CredentialRow[]
        >`select slug, revision, key_id, nonce, tag, ciphertext, updated_at from src_credentials order by slug`;
        for (const row of rows) {
          if (row.key_id.equals(current.id)) continue;
          const plaintext = decrypt(row);
          const sealed = sealEntry(current.entryKey, plaintext, {
            formatVersion: entryFormatVersion,
            vaultId,
            slug: row.slug,
            updatedAt: row.updated_at,
          });
          // The revision stays: the value did not change, so replicas still on the old key keep their decrypted copy.
          await transaction`update src_credentials set key_id = ${current.id}, nonce = ${sealed.nonce}, tag = ${sealed.tag}, ciphertext = ${sealed.ciphertext} where slug = ${row.slug}`;
        }
        return rows.length + (await connections.rotate(transaction));
      });
      return { credentials };
    },
  };
}
