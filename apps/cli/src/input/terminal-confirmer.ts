import type { ConfirmationRequest, Confirmer } from "@src/http-tool";
import { escapeTerminalControls } from "../output/escape-terminal-controls";
import { askYesNo } from "./prompts";

/** The question `src call` and `src shell` ask on stderr: source, method, path and the body in brief, never a value. */
export function confirmationQuestion(request: ConfirmationRequest): string {
  const query = request.queryNames.length === 0 ? "" : ` (query: ${request.queryNames.join(", ")})`;
  return escapeTerminalControls(
    `Send ${request.method} ${request.path}${query} to ${request.sourceName} (${request.source})? Body: ${request.bodySummary}. Policy rule "${request.rule}" asks a person first.`,
  );
}

/**
 * How `src call` confirms a call that a `confirm` rule matches: `--yes`
 * confirms it without asking; in a terminal a yes/no question is asked (no is
 * the default); elsewhere nobody can be asked, so the call answers
 * `CONFIRMATION_REQUIRED`.
 */
export function terminalConfirmer({ yes, interactive }: { yes: boolean; interactive: boolean }): Confirmer | undefined {
  if (yes) return async () => "accepted";
  if (!interactive) return undefined;
  return async (request) => {
    return (await askYesNo(confirmationQuestion(request))) ? "accepted" : "declined";
  };
}
