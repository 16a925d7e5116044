import type { ValidationOutcome } from "@src/http-tool";

/** One or two lines for people: the status, the message, and the hint when there is one. */
export function formatValidationOutcome(slug: string, outcome: ValidationOutcome | null): string {
  if (outcome === null) return `${slug}: not tested (skipped)`;
  const status = outcome.httpStatus === null ? "" : ` (HTTP ${outcome.httpStatus})`;
  const lines = [`${slug}: ${outcome.status}${status} — ${outcome.message}`];
  if (outcome.hint !== null) lines.push(`  hint: ${outcome.hint}`);
  return lines.join("\n");
}
