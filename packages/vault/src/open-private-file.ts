import { constants, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { VaultUnsafeFileError } from "./errors/vault-unsafe-file-error";

/** Bits of a mode that give the group or other users any access. */
const GROUP_OR_OTHER_ACCESS = 0o077;

/** What `openPrivateFile` checks besides "a regular file, not a symbolic link". */
export interface PrivateFileCheck {
  readonly role: "vault file" | "key file";
  /** Refuse the file when the group or other users have any permission on it. Default: false. */
  readonly ownerOnly?: boolean | undefined;
}

const symlinkFix = (path: string) =>
  `Replace the link by the file it points to (e.g. \`mv "$(readlink -f ${path})" ${path}\`), or point SRC_HOME or the file option at the real location.`;

/**
 * Opens `path` for reading without following a symbolic link in its last
 * component (O_NOFOLLOW), so a link, even a dangling one, is refused instead
 * of read or replaced. Resolves to `undefined` when nothing is there.
 * The caller closes the handle.
 */
export async function openPrivateFile(
  path: string,
  check: PrivateFileCheck,
): Promise<{ handle: FileHandle; stats: Stats } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    if (code === "ELOOP")
      throw new VaultUnsafeFileError({
        role: check.role,
        path,
        problem: "is a symbolic link",
        fix: symlinkFix(path),
        cause: error,
      });
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) {
      throw new VaultUnsafeFileError({
        role: check.role,
        path,
        problem: "is not a regular file (a directory or a device?)",
        fix: `Move it aside; the ${check.role} must be a plain file.`,
      });
    }
    if (check.ownerOnly === true && process.platform !== "win32" && (stats.mode & GROUP_OR_OTHER_ACCESS) !== 0) {
      const mode = (stats.mode & 0o777).toString(8).padStart(4, "0");
      throw new VaultUnsafeFileError({
        role: check.role,
        path,
        problem: `can be accessed by other users (mode ${mode})`,
        fix: `Run \`chmod 600 ${path}\`; if others could read it, also rotate the vault to a new key with \`src vault rotate\`.`,
      });
    }
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
