export { PostgresUnavailableError } from "./postgres-unavailable-error";
export type { TestPostgres, TestPostgresOptions } from "./start-test-postgres";
export { startTestPostgres } from "./start-test-postgres";
