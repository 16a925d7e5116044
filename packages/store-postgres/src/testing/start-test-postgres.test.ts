import { mkdtemp, rm, symlink } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresUnavailableError } from "./postgres-unavailable-error";
import { startTestPostgres, type TestPostgres } from "./start-test-postgres";

const asRoot = process.getuid?.() === 0;

describe("startTestPostgres", () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("starts a real server whose fresh databases keep their data across a stop and a start", async () => {
    const url = await server.createDatabase();
    const write = postgres(url, { max: 1, onnotice: () => undefined });
    await write`create table kept (value text)`;
    await write`insert into kept values ('across a restart')`;
    await write.end();

    await server.stop();
    await server.start();

    const read = postgres(url, { max: 1 });
    const rows = await read<{ value: string }[]>`select value from kept`;
    await read.end();
    expect(rows.map((row) => row.value)).toEqual(["across a restart"]);
  });

  it("fails at once, with PostgreSQL's own reason, when it cannot start (its port is taken)", async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as { port: number };
    try {
      const started = Date.now();
      const failure = await startTestPostgres({ port }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PostgresUnavailableError);
      expect((failure as Error).message).toMatch(/postgres stopped .*\n.*could not bind IPv4 address "127\.0\.0\.1"/s);
      // It did not wait out its start time-out.
      expect(Date.now() - started).toBeLessThan(60_000);
    } finally {
      taken.close();
    }
  }, 120_000);

  it.runIf(asRoot)("names the folder and what to do when the postgres user cannot reach the binaries", async () => {
    // A folder only root can enter, as a clone under /root or in `mktemp -d` is, holding the binaries.
    const privateFolder = await mkdtemp(join(tmpdir(), "src-private-"));
    try {
      const reachable = dirname(server.binDirectory);
      await symlink(reachable, join(privateFolder, "native"));
      const binDirectory = join(privateFolder, "native", "bin");

      const failure = await startTestPostgres({ binDirectory }).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(PostgresUnavailableError);
      expect((failure as Error).message).toContain(`the postgres user cannot run ${join(binDirectory, "postgres")}`);
      expect((failure as Error).message).toContain("Every folder above it must be enterable (x) by that user");
    } finally {
      await rm(privateFolder, { recursive: true, force: true });
    }
  });
});
