export type { TestPostgres } from "./start-test-postgres";
export { startTestPostgres } from "./start-test-postgres";
