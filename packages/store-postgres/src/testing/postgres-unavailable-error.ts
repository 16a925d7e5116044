/** PostgreSQL could not be started for a test: the message says why and what to do. */
export class PostgresUnavailableError extends Error {
  override readonly name = "PostgresUnavailableError";
}
