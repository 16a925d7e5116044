import { statSync } from "node:fs";

/**
 * The identity of a file's current contents: device, inode, size, mtime and
 * ctime. An atomic rename gives a new inode; an in-place edit changes the times.
 * Taken with a synchronous `stat` (a few microseconds on a local file) so the
 * hot path of an agent call avoids a thread-pool round trip. `undefined` when
 * the file cannot be stat'ed.
 */
export function fileSignatureOf(file: string): string | undefined {
  try {
    const stats = statSync(file, { bigint: true });
    return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/**
 * Parsed values of files, kept while the file's signature is unchanged. The
 * signature is taken before the file is read, so a change during the read is
 * seen on the next lookup. Values are cloned in and out: callers may change
 * what they get.
 */
export function createFileSignatureCache<TValue>(): {
  get(key: string, signature: string | undefined): TValue | undefined;
  set(key: string, signature: string | undefined, value: TValue): void;
  delete(key: string): void;
  /** Drops every entry whose key is not in `keys` (sources removed since they were cached). */
  retain(keys: ReadonlySet<string>): void;
  /** The number of entries kept. */
  readonly size: number;
} {
  const entries = new Map<string, { signature: string; value: TValue }>();
  return {
    get(key, signature) {
      const entry = entries.get(key);
      return signature !== undefined && entry?.signature === signature ? structuredClone(entry.value) : undefined;
    },
    set(key, signature, value) {
      if (signature === undefined) entries.delete(key);
      else entries.set(key, { signature, value: structuredClone(value) });
    },
    delete: (key) => entries.delete(key),
    retain(keys) {
      for (const key of entries.keys()) if (!keys.has(key)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
