import { randomBytes } from "node:crypto";
import { chmod, mkdir, open, readdir, rename, unlink } from "node:fs/promises";
import path from "node:path";

/** Creates `directory` (and parents) with mode 0700 when missing; an existing directory is left as it is. */
export async function ensurePrivateDirectory(directory: string): Promise<void> {
  const created = await mkdir(directory, { recursive: true, mode: 0o700 });
  if (created !== undefined) await chmod(directory, 0o700);
}

/** Writes a new file exclusively (fails if it exists) with mode 0600 and fsyncs it. */
export async function writeFileDurably(file: string, contents: string): Promise<void> {
  const handle = await open(file, "wx", 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(contents, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** fsyncs a directory so a rename or link inside it survives a power loss. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `file` atomically: writes a temporary file in the same directory
 * (mode 0600), fsyncs it, renames it over `file`, and fsyncs the directory.
 * A reader sees the old or the new contents, never a mix; a crash leaves at
 * most a stray `<file>.tmp-*`, which `removeStrayTemporaryFiles` cleans up.
 */
export async function writeFileAtomically(file: string, contents: string): Promise<void> {
  const directory = path.dirname(file);
  await ensurePrivateDirectory(directory);
  const temporary = `${file}.tmp-${process.pid}-${randomBytes(6).toString("hex")}`;
  try {
    await writeFileDurably(temporary, contents);
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncDirectory(directory);
}

/** Removes `<file>.tmp-*` left by writers that crashed. Call only while holding the vault lock. */
export async function removeStrayTemporaryFiles(file: string): Promise<void> {
  const directory = path.dirname(file);
  const prefix = `${path.basename(file)}.tmp-`;
  const names = await readdir(directory).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => unlink(path.join(directory, name)).catch(() => undefined)));
}
