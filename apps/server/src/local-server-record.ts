import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "pino";
import { isLoopbackHost } from "./is-loopback-host";

/** What a loopback server that uses its home's token file writes about itself, in `$SRC_HOME/servers/<port>.json`. */
interface LocalServerRecord {
  /** The base URL it listens on, e.g. `http://127.0.0.1:7410`. */
  url: string;
  /** Its process id: a record whose process is gone is ignored. */
  pid: number;
}

/** `$SRC_HOME/servers/<port>.json`. */
function recordFileOf(home: string, port: number): string {
  return join(home, "servers", `${port}.json`);
}

/** The port of an `http:` URL (80 when it names none), or `undefined` when the URL is not one on a loopback host. */
function loopbackPortOf(url: string): number | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "http:" || !isLoopbackHost(parsed.hostname)) return undefined;
  return parsed.port === "" ? 80 : Number(parsed.port);
}

/** Whether a process with this id runs (it may belong to another user: EPERM still means it runs). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Writes the record of a server that listens at `url` (on loopback) with the token in `$SRC_HOME/server.token`, so
 * the CLI on this machine with the same home finds that token for `SRC_SERVER=url`. Returns the function that
 * removes it again (at close). Mode 0600 inside the home; written aside, then renamed into place.
 */
export async function writeLocalServerRecord({
  home,
  url,
}: {
  home: string;
  url: string;
}): Promise<() => Promise<void>> {
  const port = loopbackPortOf(url);
  if (port === undefined) return async () => undefined;
  const file = recordFileOf(home, port);
  await mkdir(join(home, "servers"), { recursive: true, mode: 0o700 });
  const aside = `${file}.${process.pid}.tmp`;
  const record: LocalServerRecord = { url, pid: process.pid };
  await writeFile(aside, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  await rename(aside, file);
  return async () => {
    // Only our own record: another server may have taken the port (and the file) since.
    const current = await readRecord(file);
    if (current?.pid === process.pid) await rm(file, { force: true });
  };
}

/** `writeLocalServerRecord` for the server's start: a record it cannot write is logged (the CLI then needs `SRC_SERVER_TOKEN`), not fatal. */
export async function recordLocalServer({
  home,
  url,
  logger,
}: {
  home: string;
  url: string;
  logger: Logger;
}): Promise<() => Promise<void>> {
  return writeLocalServerRecord({ home, url }).catch((error: unknown) => {
    logger.warn(
      { event: "server_record_failed", errorMessage: (error as Error).message },
      "could not record the address in the home; the CLI needs SRC_SERVER_TOKEN for this server",
    );
    return async () => undefined;
  });
}

async function readRecord(file: string): Promise<LocalServerRecord | undefined> {
  try {
    const value = JSON.parse(await readFile(file, "utf8")) as Partial<LocalServerRecord>;
    return typeof value.url === "string" && typeof value.pid === "number"
      ? { url: value.url, pid: value.pid }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For the CLI's remote mode without `SRC_SERVER_TOKEN`: the admin token of the server at `url`, read from
 * `$SRC_HOME/server.token` when a running server of this home recorded that it listens on that loopback port.
 * `undefined` otherwise (another machine, another home, no such server): the token is never sent where this home's
 * server is not.
 */
export async function readLocalServerToken({
  home,
  url,
}: {
  home: string;
  url: string;
}): Promise<{ token: string; tokenFile: string } | undefined> {
  const port = loopbackPortOf(url);
  if (port === undefined) return undefined;
  const record = await readRecord(recordFileOf(home, port));
  if (record === undefined || !isRunning(record.pid)) return undefined;
  const tokenFile = join(home, "server.token");
  try {
    const token = (await readFile(tokenFile, "utf8")).trim();
    return token === "" ? undefined : { token, tokenFile };
  } catch {
    return undefined;
  }
}
