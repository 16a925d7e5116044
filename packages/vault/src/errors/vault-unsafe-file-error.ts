import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

const marker = "src.vault.error.VaultUnsafeFileError";
const symbol = Symbol.for(marker);

/**
 * The vault file or the key file is not a plain private file: a symbolic link
 * (even a dangling one), a directory or device, or a key file that other users
 * may read. Nothing was read from it and nothing was written.
 */
export class VaultUnsafeFileError extends VaultError {
  private readonly [symbol] = true;
  /** Which file: the vault file or the key file. */
  readonly role: "vault file" | "key file";
  /** The path that was refused. */
  readonly path: string;

  constructor({ role, path, problem, fix, cause }: { role: "vault file" | "key file"; path: string; problem: string; fix: string; cause?: unknown }) {
    super({
      code: VAULT_ERROR_CODES.UNSAFE_FILE,
      message: `the ${role} ${path} ${problem}, so it was refused. ${fix} Nothing was written.`,
      file: path,
      cause,
    });
    this.name = "VaultUnsafeFileError";
    this.role = role;
    this.path = path;
  }

  static override isInstance(error: unknown): error is VaultUnsafeFileError {
    return VaultError.hasMarker(error, marker);
  }
}
