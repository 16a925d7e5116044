import type { Sql, TransactionSql } from "postgres";
import {
  createRedactedCredential,
  type CredentialVault,
  type VaultConnectionEntry,
  type VaultSetOptions,
} from "@src/vault";
import {
  assertPrincipal,
  assertVaultSlug,
  checkCredential,
  connectionEntryName,
  openEntry,
  readConnectionPlaintext,
  sealableConnection,
  sealEntry,
} from "@src/vault/internal";
import { STORE_POSTGRES_ERROR_CODES, StorePostgresError } from "../errors/store-postgres-error";
import { entryFormatVersion, type UnlockedKey } from "./unlocked-key";

interface ConnectionRow {
  slug: string;
  principal: string;
  key_id: Buffer;
  nonce: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
  updated_at: string;
}

/** The connection methods of the credential vault, and their part of a key rotation. */
export interface PostgresConnections {
  readonly methods: Pick<
    CredentialVault,
    "getConnection" | "setConnection" | "deleteConnection" | "deleteConnections" | "listConnections"
  >;
  /** Re-encrypts every connection not under the current key, inside the rotation's transaction; returns how many there are. */
  rotate(transaction: TransactionSql): Promise<number>;
}

/** How many connections' last decrypted values a process keeps for a rolling key rotation. */
const maxRememberedConnections = 10_000;

/**
 * Per-principal credentials in `src_connections`: sealed like a shared one, but bound (associated data) to the entry
 * name of the source and the principal (`connectionEntryName`), with the principal sealed inside. A row whose
 * `principal` was changed fails to decrypt. Read from the database on every call (not cached): a connection is one
 * person's, and removing it must stop the next call on every replica.
 */
export function createPostgresConnections({
  sql,
  vaultId,
  current,
  keyOf,
  location,
}: {
  sql: Sql;
  vaultId: Buffer;
  current: UnlockedKey;
  keyOf: (id: Buffer) => UnlockedKey | undefined;
  location: string;
}): PostgresConnections {
  /**
   * The last plaintext decrypted per connection, with its `updated_at`: a rotation re-encrypts a row under the new key
   * and keeps its `updated_at` (every store of a new value writes a new one), so a replica still on the old key that
   * finds a row it cannot open with the same `updated_at` serves what it decrypted before, until it is restarted with
   * the new key. Bounded: the oldest decrypted goes first.
   */
  const lastDecrypted = new Map<string, { updatedAt: string; plaintext: string }>();
  const remember = (name: string, updatedAt: string, plaintext: string): void => {
    lastDecrypted.delete(name);
    lastDecrypted.set(name, { updatedAt, plaintext });
    if (lastDecrypted.size > maxRememberedConnections) lastDecrypted.delete(lastDecrypted.keys().next().value!);
  };
  const open = (row: ConnectionRow): string => {
    const name = connectionEntryName(row.slug, row.principal);
    const key = keyOf(row.key_id);
    const known = lastDecrypted.get(name);
    if (key === undefined && known?.updatedAt === row.updated_at) return known.plaintext;
    const plaintext = openWithKey(row, key);
    remember(name, row.updated_at, plaintext);
    return plaintext;
  };
  const openWithKey = (row: ConnectionRow, key: UnlockedKey | undefined): string => {
    if (key === undefined) {
      throw new StorePostgresError({
        code: STORE_POSTGRES_ERROR_CODES.WRONG_VAULT_KEY,
        message: `the credential of ${JSON.stringify(row.principal)} for "${row.slug}" is encrypted under a key this process does not have (it was rotated); restart it with the new key first in SRC_VAULT_KEYS`,
      });
    }
    try {
      const plaintext = openEntry(
        key.entryKey,
        { nonce: row.nonce, tag: row.tag, ciphertext: row.ciphertext, updatedAt: row.updated_at },
        { formatVersion: entryFormatVersion, vaultId, slug: connectionEntryName(row.slug, row.principal) },
      );
      readConnectionPlaintext(plaintext, row.principal);
      return plaintext;
    } catch (error) {
      throw new StorePostgresError({
        code: STORE_POSTGRES_ERROR_CODES.CREDENTIAL_DAMAGED,
        message: `the stored credential of ${JSON.stringify(row.principal)} for "${row.slug}" failed authentication (the row was edited, damaged or moved from another principal); store it again with \`src credential set ${row.slug} --principal ${row.principal}\``,
        cause: error,
      });
    }
  };
  const seal = (slug: string, principal: string, plaintext: string, updatedAt: string) =>
    sealEntry(current.entryKey, plaintext, {
      formatVersion: entryFormatVersion,
      vaultId,
      slug: connectionEntryName(slug, principal),
      updatedAt,
    });

  return {
    methods: {
      async getConnection<TCredential extends Record<string, unknown> = Record<string, unknown>>(
        slug: string,
        principal: string,
      ) {
        connectionEntryName(slug, principal);
        const [row] = await sql<
          ConnectionRow[]
        >`select slug, principal, key_id, nonce, tag, ciphertext, updated_at from src_connections where slug = ${slug} and principal = ${principal}`;
        if (row === undefined) {
          lastDecrypted.delete(connectionEntryName(slug, principal));
          return undefined;
        }
        return createRedactedCredential(readConnectionPlaintext(open(row), principal).credential as TCredential);
      },

      async setConnection(
        slug: string,
        principal: string,
        credential: Record<string, unknown>,
        setOptions: VaultSetOptions = {},
      ) {
        connectionEntryName(slug, principal);
        const plaintext = sealableConnection(
          principal,
          await checkCredential(slug, credential, setOptions.schema, location),
        );
        const updatedAt = new Date().toISOString();
        const sealed = seal(slug, principal, plaintext, updatedAt);
        await sql`insert into src_connections (slug, principal, key_id, nonce, tag, ciphertext, updated_at)
          values (${slug}, ${principal}, ${current.id}, ${sealed.nonce}, ${sealed.tag}, ${sealed.ciphertext}, ${updatedAt})
          on conflict (slug, principal) do update set key_id = excluded.key_id, nonce = excluded.nonce, tag = excluded.tag,
            ciphertext = excluded.ciphertext, updated_at = excluded.updated_at`;
      },

      async deleteConnection(slug, principal) {
        connectionEntryName(slug, principal);
        const rows =
          await sql`delete from src_connections where slug = ${slug} and principal = ${principal} returning slug`;
        return rows.length > 0;
      },

      async deleteConnections(slug) {
        assertVaultSlug(slug);
        const rows = await sql`delete from src_connections where slug = ${slug} returning slug`;
        return rows.length;
      },

      async listConnections(
        filter: { slug?: string | undefined; principal?: string | undefined } = {},
      ): Promise<VaultConnectionEntry[]> {
        if (filter.principal !== undefined) assertPrincipal(filter.principal);
        const rows = await sql<
          { slug: string; principal: string; updated_at: string }[]
        >`select slug, principal, updated_at from src_connections
          where (${filter.slug ?? null}::text is null or slug = ${filter.slug ?? null}) and (${filter.principal ?? null}::text is null or principal = ${filter.principal ?? null})
          order by slug collate "C", principal collate "C"`;
        return rows.map((row) => ({ slug: row.slug, principal: row.principal, updatedAt: row.updated_at }));
      },
    },

    async rotate(transaction) {
      const rows = await transaction<
        ConnectionRow[]
      >`select slug, principal, key_id, nonce, tag, ciphertext, updated_at from src_connections for update`;
      for (const row of rows) {
        if (row.key_id.equals(current.id)) continue;
        const sealed = seal(row.slug, row.principal, openWithKey(row, keyOf(row.key_id)), row.updated_at);
        await transaction`update src_connections set key_id = ${current.id}, nonce = ${sealed.nonce}, tag = ${sealed.tag}, ciphertext = ${sealed.ciphertext} where slug = ${row.slug} and principal = ${row.principal}`;
      }
      return rows.length;
    },
  };
}
