import type { z } from "zod";
import { AUTH_ERROR_CODES, AuthError } from "./auth-error";

/**
 * A credential does not match its plugin's credential schema. The message
 * names the fields and the fix, never the values.
 */
export class InvalidCredentialError extends AuthError {
  static override readonly marker: string = "src.auth.error.InvalidCredentialError";
  readonly authType: string;
  /** The zod issues, with `input` values removed so no secret is kept. */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor({ authType, issues, cause }: { authType: string; issues: readonly z.core.$ZodIssue[]; cause?: unknown }) {
    const details = issues
      .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "credential"}: ${issue.message}`)
      .join("; ");
    super({
      code: AUTH_ERROR_CODES.INVALID_CREDENTIAL,
      message: `invalid ${authType} credential: ${details}`,
      cause,
    });
    this.authType = authType;
    this.issues = issues.map(({ input: _input, ...issue }) => issue as z.core.$ZodIssue);
  }
}
