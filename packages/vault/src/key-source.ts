import { InvalidVaultKeyError } from "./errors/invalid-vault-key-error";

/** Where the vault's master key comes from. */
export type VaultKeySource =
  /** 32 random bytes, used as they are. */
  | { readonly kind: "key"; readonly key: Uint8Array }
  /** A passphrase, stretched with scrypt using the parameters stored in the vault header. */
  | { readonly kind: "passphrase"; readonly passphrase: string }
  /** A file holding 32 random bytes in base64; created (mode 0600) on first use if missing. */
  | { readonly kind: "keyFile"; readonly file: string };

/** The environment variables `resolveKeySource` reads. */
export interface VaultKeyEnvironment {
  readonly SRC_VAULT_KEY?: string | undefined;
  readonly SRC_VAULT_PASSPHRASE?: string | undefined;
}

/** Length of the master key, in bytes. */
export const VAULT_KEY_BYTES = 32;

/**
 * Decodes a base64 key and checks that it is exactly 32 bytes. The key never
 * appears in the error, only its decoded length.
 */
export function decodeVaultKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) && !/^[A-Za-z0-9_-]+$/.test(trimmed)) {
    throw new InvalidVaultKeyError({
      source,
      problem: "is not base64; it must be 32 random bytes in base64, e.g. the output of `openssl rand -base64 32`",
    });
  }
  const key = Buffer.from(trimmed, trimmed.includes("-") || trimmed.includes("_") ? "base64url" : "base64");
  if (key.length !== VAULT_KEY_BYTES) {
    throw new InvalidVaultKeyError({
      source,
      problem: `decodes to ${key.length} bytes; it must be exactly ${VAULT_KEY_BYTES} random bytes in base64, e.g. the output of \`openssl rand -base64 32\``,
    });
  }
  return key;
}

/**
 * The key source in force: the explicit one, else `SRC_VAULT_KEY`, else
 * `SRC_VAULT_PASSPHRASE`, else the key file `defaultKeyFile`. Empty variables
 * count as unset. The returned source holds its own copy of the key.
 */
export function resolveKeySource({
  keySource,
  env,
  defaultKeyFile,
}: {
  keySource: VaultKeySource | undefined;
  env: VaultKeyEnvironment;
  defaultKeyFile: string;
}): VaultKeySource {
  if (keySource !== undefined) return checkKeySource(keySource);
  if (env.SRC_VAULT_KEY !== undefined && env.SRC_VAULT_KEY !== "") {
    return { kind: "key", key: decodeVaultKey(env.SRC_VAULT_KEY, "SRC_VAULT_KEY") };
  }
  if (env.SRC_VAULT_PASSPHRASE !== undefined && env.SRC_VAULT_PASSPHRASE !== "") {
    return { kind: "passphrase", passphrase: env.SRC_VAULT_PASSPHRASE };
  }
  return { kind: "keyFile", file: defaultKeyFile };
}

/** Validates an explicit key source and copies its key. */
export function checkKeySource(keySource: VaultKeySource): VaultKeySource {
  switch (keySource.kind) {
    case "key":
      if (!(keySource.key instanceof Uint8Array) || keySource.key.length !== VAULT_KEY_BYTES) {
        throw new InvalidVaultKeyError({
          source: "keySource.key",
          problem: `must be exactly ${VAULT_KEY_BYTES} bytes (a Buffer or Uint8Array); generate one with crypto.randomBytes(32)`,
        });
      }
      return { kind: "key", key: Buffer.from(keySource.key) };
    case "passphrase":
      if (typeof keySource.passphrase !== "string" || keySource.passphrase === "") {
        throw new InvalidVaultKeyError({ source: "keySource.passphrase", problem: "must be a non-empty string" });
      }
      return { kind: "passphrase", passphrase: keySource.passphrase };
    case "keyFile":
      if (typeof keySource.file !== "string" || keySource.file === "") {
        throw new InvalidVaultKeyError({ source: "keySource.file", problem: "must be the path of the key file" });
      }
      return { kind: "keyFile", file: keySource.file };
    default:
      throw new InvalidVaultKeyError({
        source: "keySource.kind",
        problem: 'must be "key", "passphrase" or "keyFile"',
      });
  }
}
