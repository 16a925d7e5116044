import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/** A slug that cannot name a vault entry. */
export class InvalidVaultSlugError extends VaultError {
  static override readonly marker: string = "src.vault.error.InvalidVaultSlugError";
  readonly slug: string;

  constructor({ slug, cause }: { slug: string; cause?: unknown }) {
    super({
      code: VAULT_ERROR_CODES.INVALID_SLUG,
      message:
        `invalid vault slug ${JSON.stringify(slug.slice(0, 80))}: use 1 to 128 characters from a-z, A-Z, 0-9, ".", "_", ":" and "-", ` +
        'starting with a letter or digit (e.g. "github-api")',
      cause,
    });
    this.slug = slug;
  }
}
