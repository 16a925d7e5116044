import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/**
 * The vault file cannot be read: empty, truncated, not JSON, not the vault
 * format, or an entry that fails authentication. Nothing is written to the file
 * until it is fixed (restore a backup) or moved aside with `resetVault`.
 */
export class VaultDamagedError extends VaultError {
  static override readonly marker: string = "src.vault.error.VaultDamagedError";
  /** Where in the file the problem is, e.g. `entries.github.tag`, when known. */
  readonly location: string | undefined;

  constructor({
    file,
    problem,
    location,
    cause,
  }: {
    file: string;
    problem: string;
    location?: string | undefined;
    cause?: unknown;
  }) {
    super({
      code: VAULT_ERROR_CODES.DAMAGED,
      message:
        `the vault file ${file} is damaged: ${location === undefined ? "" : `${location}: `}${problem}. ` +
        "It was not changed and nothing will be written to it. Restore it from a backup; only if there is none, reset the vault " +
        "(`src vault reset --yes`, or resetVault() from @src/vault: the file is renamed aside, never deleted) to start an empty one, " +
        "and store every credential it held again with `src credential set SLUG`.",
      file,
      cause,
    });
    this.location = location;
  }
}
