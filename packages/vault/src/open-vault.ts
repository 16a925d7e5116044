import { lstat } from "node:fs/promises";
import type { ScryptCost } from "./key-derivation";
import { defaultScryptCost, isValidScryptCost } from "./key-derivation";
import type { VaultKeySource } from "./key-source";
import { resolveKeySource } from "./key-source";
import { InvalidVaultKeyError } from "./errors/invalid-vault-key-error";
import { Vault } from "./vault";
import { VaultKeyring } from "./vault-keyring";
import { defaultVaultLockOptions } from "./vault-lock";
import { resolveVaultPaths } from "./vault-paths";

/** Options of `openVault`. */
export interface OpenVaultOptions {
  /** `$SRC_HOME`, the directory of the default vault and key file. Default: `env.SRC_HOME`, else `~/.src`. */
  readonly home?: string | undefined;
  /** The vault file. Default: `<home>/vault.json`. */
  readonly file?: string | undefined;
  /**
   * Where the key comes from. Default: `SRC_VAULT_KEY` (32 bytes, base64), else
   * `SRC_VAULT_PASSPHRASE`, else the key file `<home>/vault.key` (created on first use).
   */
  readonly keySource?: VaultKeySource | undefined;
  /** Environment read for `SRC_HOME`, `SRC_VAULT_KEY` and `SRC_VAULT_PASSPHRASE`. Default: `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /**
   * scrypt cost for a new passphrase vault or a rotation to a passphrase (existing
   * vaults use the cost in their header). Default: N = 2^16, r = 8, p = 1. Lower it only in tests.
   */
  readonly scryptCost?: ScryptCost | undefined;
  /** Longest wait for another process's lock, in ms. Default: 10000. */
  readonly lockTimeoutMs?: number | undefined;
  /** A lock not refreshed for this long (a crashed writer) is taken over, in ms; at least 2000. Default: 10000. */
  readonly lockStaleMs?: number | undefined;
}

/**
 * Opens the vault: resolves the key source, reads and verifies the file when it
 * exists (wrong key, damaged file and unknown version are errors, and the file
 * is left as it is), and creates the key file on first use. Nothing is written
 * to the vault until the first `set`.
 */
export async function openVault(options: OpenVaultOptions = {}): Promise<Vault> {
  const env = options.env ?? process.env;
  const paths = resolveVaultPaths({ home: options.home, file: options.file, env });
  const source = resolveKeySource({ keySource: options.keySource, env, defaultKeyFile: paths.keyFile });
  const scryptCost = options.scryptCost ?? defaultScryptCost;
  if (!isValidScryptCost(scryptCost)) {
    throw new InvalidVaultKeyError({
      source: "scryptCost",
      problem: "N must be a power of two >= 2, r >= 1, 1 <= p <= 16, and 128 * N * r * p at most 512 MiB",
    });
  }
  const keyring = new VaultKeyring({ source, scryptCost });
  // lstat: a dangling symbolic link counts as existing, so no key file is made for it; `load` then refuses the link.
  const vaultExists = await lstat(paths.file).then(
    () => true,
    () => false,
  );
  if (!vaultExists) await keyring.prepare({ file: paths.file, createKeyFile: true });
  const vault = new Vault({
    file: paths.file,
    keyring,
    scryptCost,
    lock: {
      timeoutMs: options.lockTimeoutMs ?? defaultVaultLockOptions.timeoutMs,
      staleMs: Math.max(2000, options.lockStaleMs ?? defaultVaultLockOptions.staleMs),
    },
  });
  await vault.load();
  return vault;
}
