import { randomUUID } from "node:crypto";
import { link, open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/** Options of `writeFileAtomic`. */
export interface WriteFileAtomicOptions {
  /** Fail with `EEXIST` instead of replacing an existing file. Default `false`. */
  readonly exclusive?: boolean;
}

/** Prefix of the temporary files, so that listings can skip them. */
export const temporaryFilePrefix = ".tmp-";

/**
 * Writes `content` to `file` atomically: a temporary file in the same
 * directory (mode 0600) is written and fsynced, then renamed over `file` (or
 * hard-linked when `exclusive`, which never replaces), then the directory is
 * fsynced. Readers see the old or the new content, never a mix; on any error
 * the temporary file is removed and `file` is unchanged.
 */
export async function writeFileAtomic(file: string, content: string, { exclusive = false }: WriteFileAtomicOptions = {}): Promise<void> {
  const directory = dirname(file);
  const temporary = join(directory, `${temporaryFilePrefix}${basename(file)}-${randomUUID()}`);
  try {
    const handle = await open(temporary, "wx", 0o600);
    try {
      await handle.writeFile(content, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (exclusive) {
      await link(temporary, file);
      await rm(temporary, { force: true });
    } else {
      await rename(temporary, file);
    }
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(directory);
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } catch {
    // Some file systems do not support fsync on a directory; the rename is still atomic.
  } finally {
    await handle.close();
  }
}
