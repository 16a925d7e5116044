export {
  type OpenPostgresStoreOptions,
  type PostgresStore,
  type StorePoolStats,
  type StoreReadiness,
  openPostgresStore,
} from "./open-postgres-store";
export type { PostgresCredentialVault } from "./credentials/postgres-credential-vault";
export { type StoreVaultKey, type StoreVaultKeyEnvironment, resolveStoreVaultKeys } from "./credentials/vault-keys";
export { describeStoreUrl, isPostgresUrl } from "./store-location";
export { type CopyHomeResult, copyHomeToStore } from "./copy-home-to-store";
export { type Migration, migrations } from "./schema/migrations";
export { type MigrationOutcome, migrateDatabase } from "./schema/migrate-database";
export {
  type StorePostgresErrorCode,
  STORE_POSTGRES_ERROR_CODES,
  StorePostgresError,
} from "./errors/store-postgres-error";
export type { PostgresRateLimitStore, StoreRateLimit } from "./rate-limits/postgres-rate-limit-store";
