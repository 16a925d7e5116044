import { link, unlink } from "node:fs/promises";
import path from "node:path";
import { syncDirectory } from "@src/file-lock";
import { defaultVaultLockOptions, withVaultLock } from "./vault-lock";
import { resolveVaultPaths } from "./vault-paths";

/** Options of `resetVault`. */
export interface ResetVaultOptions {
  /** `$SRC_HOME`. Default: `env.SRC_HOME`, else `~/.src`. */
  readonly home?: string | undefined;
  /** The vault file. Default: `<home>/vault.json`. */
  readonly file?: string | undefined;
  /** Environment read for `SRC_HOME`. Default: `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
}

/**
 * For a person who chooses to start over: moves the vault file aside to
 * `<file>.broken-<timestamp>` (never deletes it, never overwrites another file)
 * so the next `set` starts an empty vault. The key file is left as it is.
 * Resolves to the new name, or `undefined` when there was no vault file.
 */
export async function resetVault(options: ResetVaultOptions = {}): Promise<{ movedTo: string | undefined }> {
  const { file } = resolveVaultPaths({ home: options.home, file: options.file, env: options.env ?? process.env });
  return withVaultLock(file, defaultVaultLockOptions, async () => {
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const target = `${file}.broken-${stamp}${attempt === 0 ? "" : `-${attempt}`}`;
      try {
        await link(file, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") return { movedTo: undefined };
        if (code === "EEXIST") continue;
        throw error;
      }
      await unlink(file);
      await syncDirectory(path.dirname(file));
      return { movedTo: target };
    }
    throw new Error(`could not find a free name for ${file}.broken-${stamp}; move the file aside by hand`);
  });
}
