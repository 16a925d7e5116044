import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { SignInStore, StoredSignIn } from "@src/auth";
import { withFileLock, writeFileAtomic } from "@src/file-lock";
import { CONFIG_ERROR_CODES, ConfigError } from "../errors/config-error";

/** Options of `createFileSignInStore`. */
export interface FileSignInStoreOptions {
  /** The src home: the file is `<home>/sign-ins.json`. */
  readonly home: string;
  /** Longest wait for another process's lock, in ms. Default 10000. */
  readonly lockTimeoutMs?: number;
}

interface SignInsFile {
  readonly version: 1;
  readonly signIns: StoredSignIn[];
}

function isRecord(value: unknown): value is StoredSignIn {
  const record = value as Partial<StoredSignIn> | null;
  return (
    typeof record === "object" &&
    record !== null &&
    typeof record.id === "string" &&
    typeof record.slug === "string" &&
    typeof record.sealed === "string" &&
    typeof record.revision === "number" &&
    typeof record.keepUntil === "number"
  );
}

/**
 * The sign-ins in progress of every process sharing a home (the server, its
 * replicas on one machine, the CLI): `<home>/sign-ins.json` (mode 0600),
 * changed under an inter-process lock and written atomically. It holds no
 * secret in clear: each record is keyed by the SHA-256 of its state and
 * what the plugin needs is sealed with a key derived from the state.
 */
export function createFileSignInStore({ home, lockTimeoutMs = 10_000 }: FileSignInStoreOptions): SignInStore {
  const file = join(home, "sign-ins.json");

  async function read(): Promise<StoredSignIn[]> {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw new ConfigError({
        code: CONFIG_ERROR_CODES.SIGN_INS_UNAVAILABLE,
        message: `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? "error"}); check its permissions`,
        cause: error,
      });
    }
    try {
      const parsed = JSON.parse(text) as Partial<SignInsFile>;
      return Array.isArray(parsed.signIns) ? parsed.signIns.filter(isRecord) : [];
    } catch {
      // A damaged file holds only sign-ins in progress: starting again is the remedy, and the next write replaces it.
      return [];
    }
  }

  async function change<T>(mutate: (records: StoredSignIn[]) => { records: StoredSignIn[]; result: T }): Promise<T> {
    await mkdir(home, { recursive: true, mode: 0o700 });
    return withFileLock(
      {
        lockFile: `${file}.lock`,
        target: file,
        timeoutMs: lockTimeoutMs,
        staleMs: 10_000,
        failure: (reason, cause) =>
          new ConfigError({
            code: CONFIG_ERROR_CODES.SIGN_INS_UNAVAILABLE,
            message: `the sign-ins file ${file} is ${reason === "timeout" ? "locked by another process" : "no longer locked by this process"}; try again`,
            cause,
          }),
      },
      async (lock) => {
        const { records, result } = mutate(await read());
        lock.assertHeld();
        await writeFileAtomic(file, `${JSON.stringify({ version: 1, signIns: records } satisfies SignInsFile)}\n`);
        return result;
      },
    );
  }

  return {
    insert: (record) =>
      change((records) => ({
        records: [...records.filter((stored) => stored.id !== record.id), record],
        result: undefined,
      })),
    async get(id) {
      return (await read()).find((record) => record.id === id);
    },
    update: (record) =>
      change((records) => {
        const index = records.findIndex((stored) => stored.id === record.id);
        if (index < 0 || records[index]!.revision !== record.revision - 1) return { records, result: false };
        const next = [...records];
        next[index] = record;
        return { records: next, result: true };
      }),
    sweep: (now) =>
      change((records) => ({ records: records.filter((record) => record.keepUntil >= now), result: undefined })),
  };
}
