import { STORE_POSTGRES_ERROR_CODES, StorePostgresError } from "./errors/store-postgres-error";

/** Whether a `SRC_STORE` / `--store` value names a PostgreSQL database. */
export function isPostgresUrl(value: string): boolean {
  return /^postgres(ql)?:\/\//i.test(value.trim());
}

/**
 * The URL as it may be shown: `postgres://user@host:port/database`, without
 * the password or any parameter. Throws `INVALID_STORE_URL` for anything that
 * is not a PostgreSQL URL, naming the variable or flag it came from.
 */
export function describeStoreUrl(url: string, origin = "SRC_STORE"): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch (error) {
    throw new StorePostgresError({
      code: STORE_POSTGRES_ERROR_CODES.INVALID_STORE_URL,
      message: `${origin}: is not a URL; give postgres://user:password@host:5432/database`,
      cause: error,
    });
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new StorePostgresError({
      code: STORE_POSTGRES_ERROR_CODES.INVALID_STORE_URL,
      message: `${origin}: must start with postgres:// or postgresql:// (got ${JSON.stringify(parsed.protocol)}); leave it unset to use the file store in SRC_HOME`,
    });
  }
  const user = parsed.username === "" ? "" : `${decodeURIComponent(parsed.username)}@`;
  return `postgres://${user}${parsed.host}${parsed.pathname}`;
}
