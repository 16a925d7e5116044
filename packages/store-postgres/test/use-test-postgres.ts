import { afterAll, beforeAll } from "vitest";
import { startTestPostgres, type TestPostgres } from "../src/testing/start-test-postgres";

/** One real PostgreSQL server for the test file (started once), and a fresh database per call. */
export function useTestPostgres(): { server: () => TestPostgres; database: () => Promise<string> } {
  let server: TestPostgres | undefined;
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  const running = (): TestPostgres => {
    if (server === undefined) throw new Error("the test server has not started");
    return server;
  };
  return { server: running, database: () => running().createDatabase() };
}
