import type { z } from "zod";
import { VAULT_ERROR_CODES, VaultError } from "./vault-error";

/** A credential was refused before it was stored. The message names fields, never values. */
export class InvalidVaultCredentialError extends VaultError {
  static override readonly marker: string = "src.vault.error.InvalidVaultCredentialError";
  readonly slug: string;
  /** The zod issues, with `input` values removed so no secret is kept. */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor({
    slug,
    problem,
    issues = [],
    file,
    cause,
  }: {
    slug: string;
    problem?: string;
    issues?: readonly z.core.$ZodIssue[];
    file?: string;
    cause?: unknown;
  }) {
    const details =
      problem ??
      issues
        .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join(".") : "credential"}: ${issue.message}`)
        .join("; ");
    super({
      code: VAULT_ERROR_CODES.INVALID_CREDENTIAL,
      message: `credential for "${slug}" was not stored: ${details}. Enter it again with the fields the auth mode expects.`,
      file,
      cause,
    });
    this.slug = slug;
    this.issues = issues.map(({ input: _input, ...issue }) => issue as z.core.$ZodIssue);
  }
}
