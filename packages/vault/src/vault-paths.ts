import os from "node:os";
import path from "node:path";

/** Where the vault and its default key file live. */
export interface VaultPaths {
  /** `$SRC_HOME`. */
  readonly home: string;
  /** The vault file. */
  readonly file: string;
  /** The default key file, `$SRC_HOME/vault.key`. */
  readonly keyFile: string;
}

/** `home` option, else `SRC_HOME`, else `~/.src`; the vault file defaults to `<home>/vault.json`. Paths are made absolute. */
export function resolveVaultPaths({
  home,
  file,
  env,
}: {
  home?: string | undefined;
  file?: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
}): VaultPaths {
  const resolvedHome = path.resolve(
    home ?? (env.SRC_HOME !== undefined && env.SRC_HOME !== "" ? env.SRC_HOME : path.join(os.homedir(), ".src")),
  );
  return {
    home: resolvedHome,
    file: path.resolve(file ?? path.join(resolvedHome, "vault.json")),
    keyFile: path.join(resolvedHome, "vault.key"),
  };
}

/**
 * Suffix of the key file a generated-key rotation writes before it replaces `vault.key`. Between the vault's write
 * (re-encrypted under it) and the rename, it is the file that opens the vault, so a reader tries it too.
 */
export const NEXT_KEY_FILE_SUFFIX = ".next";
