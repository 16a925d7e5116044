import { lstat, rename, unlink } from "node:fs/promises";
import path from "node:path";
import { syncDirectory } from "@src/file-lock";
import type { VaultKeySource } from "./key-source";
import type { OpenVaultOptions } from "./open-vault";
import { openVault } from "./open-vault";
import { NEXT_KEY_FILE_SUFFIX, resolveVaultPaths } from "./vault-paths";

/** Options of `rotateVault`: those of `openVault` (which open the vault with its current key) and the new key. */
export interface RotateVaultOptions extends OpenVaultOptions {
  /** The new key. Default: a new key file with 32 random bytes replaces `<home>/vault.key`. */
  readonly newKeySource?: VaultKeySource | undefined;
}

/** What `rotateVault` did; never a key. */
export interface RotateVaultResult {
  /** The vault file. */
  readonly file: string;
  /** How many credentials were re-encrypted. */
  readonly credentials: number;
  /** Where the new key is: `"keyFile"` (the new `keyFile`), or `"key"` / `"passphrase"` (the caller holds it). */
  readonly newKeyKind: VaultKeySource["kind"];
  /** The key file that now opens the vault, when the new key is a generated key file. */
  readonly keyFile: string | undefined;
  /** Whether an earlier rotation interrupted between re-encrypting and replacing the key file was completed instead. */
  readonly completedInterrupted: boolean;
}

const exists = (file: string): Promise<boolean> =>
  lstat(file).then(
    () => true,
    () => false,
  );

/**
 * Re-encrypts every credential under a new key in one atomic write of the
 * vault (`Vault.rotate`): the file holds either the old or the new vault,
 * never a mix. A refusal (wrong current key, damaged vault, malformed new key)
 * changes nothing.
 *
 * Without `newKeySource`, a new key file is made: the key is written to
 * `<home>/vault.key.next`, the vault is re-encrypted under it, then the file is
 * renamed over `vault.key`. If the process stops between the last two steps,
 * the next call finds `vault.key.next` opening the vault and finishes the rename.
 */
export async function rotateVault(options: RotateVaultOptions = {}): Promise<RotateVaultResult> {
  const env = options.env ?? process.env;
  const paths = resolveVaultPaths({ home: options.home, file: options.file, env });
  const nextKeyFile = `${paths.keyFile}${NEXT_KEY_FILE_SUFFIX}`;

  if (await exists(nextKeyFile)) {
    const finished = await openVault({ ...options, keySource: { kind: "keyFile", file: nextKeyFile } }).catch(
      () => undefined,
    );
    if (finished !== undefined) {
      await rename(nextKeyFile, paths.keyFile);
      await syncDirectory(path.dirname(paths.keyFile));
      return {
        file: paths.file,
        credentials: (await finished.list()).length,
        newKeyKind: "keyFile",
        keyFile: paths.keyFile,
        completedInterrupted: true,
      };
    }
    // A key the vault was never re-encrypted under: the rotation stopped before its write.
    await unlink(nextKeyFile);
  }

  const vault = await openVault(options);
  const credentials = (await vault.list()).length;
  if (options.newKeySource !== undefined) {
    await vault.rotate(options.newKeySource);
    return {
      file: vault.file,
      credentials,
      newKeyKind: options.newKeySource.kind,
      keyFile: undefined,
      completedInterrupted: false,
    };
  }
  try {
    await vault.rotate({ kind: "keyFile", file: nextKeyFile });
  } catch (error) {
    await unlink(nextKeyFile).catch(() => undefined);
    throw error;
  }
  await rename(nextKeyFile, paths.keyFile);
  await syncDirectory(path.dirname(paths.keyFile));
  return { file: vault.file, credentials, newKeyKind: "keyFile", keyFile: paths.keyFile, completedInterrupted: false };
}
