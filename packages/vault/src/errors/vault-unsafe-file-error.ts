import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/**
 * The vault file or the key file is not a plain private file: a symbolic link
 * (even a dangling one), a directory or device, or a key file that other users
 * may read. Nothing was read from it and nothing was written.
 */
export class VaultUnsafeFileError extends VaultError {
  static override readonly marker: string = "src.vault.error.VaultUnsafeFileError";
  /** Which file: the vault file or the key file. */
  readonly role: "vault file" | "key file";
  /** The path that was refused. */
  readonly path: string;

  constructor({
    role,
    path,
    problem,
    fix,
    cause,
  }: {
    role: "vault file" | "key file";
    path: string;
    problem: string;
    fix: string;
    cause?: unknown;
  }) {
    super({
      code: VAULT_ERROR_CODES.UNSAFE_FILE,
      message: `the ${role} ${path} ${problem}, so it was refused. ${fix} Nothing was written.`,
      file: path,
      cause,
    });
    this.role = role;
    this.path = path;
  }
}
