import { decodeVaultKey } from "@src/vault/internal";
import { STORE_POSTGRES_ERROR_CODES, StorePostgresError } from "../errors/store-postgres-error";

/** One key the vault may use: 32 bytes, or a passphrase stretched with the store's salt. */
export type StoreVaultKey =
  { readonly kind: "key"; readonly key: Buffer } | { readonly kind: "passphrase"; readonly passphrase: string };

/** The environment variables the keys come from. */
export interface StoreVaultKeyEnvironment {
  readonly SRC_VAULT_KEYS?: string | undefined;
  readonly SRC_VAULT_KEY?: string | undefined;
  readonly SRC_VAULT_PASSPHRASE?: string | undefined;
}

const isSet = (value: string | undefined): value is string => value !== undefined && value.trim() !== "";

/**
 * The vault keys of a PostgreSQL store, the current one first: `SRC_VAULT_KEYS`
 * (comma-separated base64 keys, the new one first, then the previous ones), else
 * `SRC_VAULT_KEY`, else `SRC_VAULT_PASSPHRASE`. Never a key file: every replica
 * must use the same key, so a file made on one machine cannot be it.
 */
export function resolveStoreVaultKeys(env: StoreVaultKeyEnvironment): StoreVaultKey[] {
  try {
    if (isSet(env.SRC_VAULT_KEYS)) {
      const parts = env.SRC_VAULT_KEYS.split(",")
        .map((part) => part.trim())
        .filter((part) => part !== "");
      return parts.map((part, index) => ({
        kind: "key",
        key: decodeVaultKey(part, `SRC_VAULT_KEYS (key ${index + 1} of ${parts.length})`),
      }));
    }
    if (isSet(env.SRC_VAULT_KEY)) return [{ kind: "key", key: decodeVaultKey(env.SRC_VAULT_KEY, "SRC_VAULT_KEY") }];
  } catch (error) {
    throw new StorePostgresError({
      code: STORE_POSTGRES_ERROR_CODES.INVALID_VAULT_KEY,
      message: (error as Error).message,
      cause: error,
    });
  }
  if (isSet(env.SRC_VAULT_PASSPHRASE)) return [{ kind: "passphrase", passphrase: env.SRC_VAULT_PASSPHRASE }];
  throw new StorePostgresError({
    code: STORE_POSTGRES_ERROR_CODES.VAULT_KEY_REQUIRED,
    message:
      "the PostgreSQL store needs the vault key in the environment: set SRC_VAULT_KEY (32 random bytes in base64, e.g. `openssl rand -base64 32`), " +
      "SRC_VAULT_KEYS (the new key first, then the previous ones, comma-separated) or SRC_VAULT_PASSPHRASE, the same on every replica and CLI; " +
      "a key file would give each machine its own key",
  });
}
