import type { SignInStore, StoredSignIn } from "@src/auth";
import { CONFIG_ERROR_CODES } from "../errors/config-error";
import { hasFieldTypes, lockedListFile } from "../store/locked-list-file";

/** Options of `createFileSignInStore`. */
export interface FileSignInStoreOptions {
  /** The src home: the file is `<home>/sign-ins.json`. */
  readonly home: string;
  /** Longest wait for another process's lock, in ms. Default 10000. */
  readonly lockTimeoutMs?: number;
}

function isRecord(value: unknown): value is StoredSignIn {
  return hasFieldTypes(value, {
    id: "string",
    slug: "string",
    sealed: "string",
    revision: "number",
    keepUntil: "number",
  });
}

/**
 * The sign-ins in progress of every process sharing a home (the server, its
 * replicas on one machine, the CLI): `<home>/sign-ins.json` (mode 0600),
 * changed under an inter-process lock and written atomically. It holds no
 * secret in clear: each record is keyed by the SHA-256 of its state and
 * what the plugin needs is sealed with a key derived from the state.
 */
export function createFileSignInStore({ home, lockTimeoutMs = 10_000 }: FileSignInStoreOptions): SignInStore {
  // A damaged file holds only sign-ins in progress: starting again is the remedy, and the next write replaces it.
  const { read, change: changeItems } = lockedListFile<StoredSignIn>({
    home,
    fileName: "sign-ins.json",
    listKey: "signIns",
    isItem: isRecord,
    unavailableCode: CONFIG_ERROR_CODES.SIGN_INS_UNAVAILABLE,
    what: "sign-ins",
    lockTimeoutMs,
  });
  const change = <T>(mutate: (records: StoredSignIn[]) => { records: StoredSignIn[]; result: T }): Promise<T> =>
    changeItems((items) => {
      const { records, result } = mutate(items);
      return { items: records, result };
    });

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
