export { PostgresUnavailableError } from "./postgres-unavailable-error";
export { type TestPostgres, type TestPostgresOptions, startTestPostgres } from "./start-test-postgres";
