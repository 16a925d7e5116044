import { randomBytes } from "node:crypto";
import { link, open, readdir, rename, unlink } from "node:fs/promises";
import path from "node:path";

/** Options of `writeFileAtomic`. */
export interface WriteFileAtomicOptions {
  /** Fail with `EEXIST` instead of replacing an existing file. Default `false`. */
  readonly exclusive?: boolean;
}

/** The infix of temporary files: `<file>.tmp-<pid>-<random>`. */
const temporaryInfix = ".tmp-";

/**
 * Writes `contents` to `file` atomically: a temporary file `<file>.tmp-*` in
 * the same directory (mode 0600) is written and fsynced, then renamed over
 * `file` (or hard-linked when `exclusive`, which never replaces an existing
 * file), then the directory is fsynced. Readers see the old or the new
 * contents, never a mix; on an error the temporary file is removed and `file`
 * is unchanged. The directory must exist. A crash can leave a stray
 * `<file>.tmp-*`, which `removeStrayTemporaryFiles` cleans up.
 */
export async function writeFileAtomic(
  file: string,
  contents: string,
  { exclusive = false }: WriteFileAtomicOptions = {},
): Promise<void> {
  const temporary = `${file}${temporaryInfix}${process.pid}-${randomBytes(6).toString("hex")}`;
  try {
    const handle = await open(temporary, "wx", 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(contents, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (exclusive) await link(temporary, file);
    else await rename(temporary, file);
  } finally {
    // After a rename the temporary name is gone already; after a link or an error it is removed here.
    await unlink(temporary).catch(() => undefined);
  }
  await syncDirectory(path.dirname(file));
}

/**
 * fsyncs a directory so that a rename, link or unlink inside it survives a
 * power loss. File systems that cannot fsync a directory are skipped: the
 * rename is still atomic there.
 */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EINVAL" && code !== "ENOTSUP" && code !== "EPERM" && code !== "EISDIR") throw error;
  } finally {
    await handle.close();
  }
}

/** Removes the `<file>.tmp-*` that crashed writers left. Call it only while holding the lock that guards `file`. */
export async function removeStrayTemporaryFiles(file: string): Promise<void> {
  const directory = path.dirname(file);
  const prefix = `${path.basename(file)}${temporaryInfix}`;
  const names = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix))
      .map((name) => unlink(path.join(directory, name)).catch(() => undefined)),
  );
}
