import { declareError } from "@src/errors";
import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/** A slug that cannot name a vault entry. */
export class InvalidVaultSlugError extends declareError(VaultError, {
  marker: "src.vault.error.InvalidVaultSlugError",
  code: VAULT_ERROR_CODES.INVALID_SLUG,
  message: ({ slug }: { slug: string }) =>
    `invalid vault slug ${JSON.stringify(slug.slice(0, 80))}: use 1 to 128 characters from a-z, A-Z, 0-9, ".", "_", ":" and "-", ` +
    'starting with a letter or digit (e.g. "github-api")',
}) {}
