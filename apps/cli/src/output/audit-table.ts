import type { CallAuditLine } from "@src/service";

/** No borders: columns separated by two spaces, like the rest of the CLI's plain output. */
const borderless = {
  top: "",
  "top-mid": "",
  "top-left": "",
  "top-right": "",
  bottom: "",
  "bottom-mid": "",
  "bottom-left": "",
  "bottom-right": "",
  left: "",
  "left-mid": "",
  mid: "",
  "mid-mid": "",
  right: "",
  "right-mid": "",
  middle: "  ",
};

/** Longest source column, in characters; a longer slug is cut with "…" (`--json` has it whole). */
const maxSourceWidth = 32;

/** Longest principal column, in characters; a longer principal (an `idp:SUB`) is cut with "…" (`--json` has it whole). */
const maxPrincipalWidth = 32;

/** The column widths that do not depend on the lines: time (ISO 8601), channel (`mcp-stdio`), status, duration, attempts, and the error code (the longest tool error codes, e.g. `CONNECTION_REFUSED`). */
const fixedWidths = { time: 24, channel: 9, status: 6, duration: 9, attempts: 8, error: 18 };

/**
 * A cell's text on one line: an agent's input (the tool name of an unknown tool, which becomes the line's `source`)
 * may hold a line feed or a tab, which would start a row of its own or shift the columns; they are shown escaped.
 */
function oneLine(text: string): string {
  return text.replace(/[\n\r\t]/g, (character) => `\\x${character.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/**
 * What the request cell adds for a call the policy refused (`outcome` `denied`): nothing was sent, and the rule that
 * refused is named, e.g. `(denied: read-only)`. Empty for every other call.
 */
function deniedNote(line: CallAuditLine): string {
  if (line.outcome !== "denied") return "";
  return line.rule === undefined ? " (denied)" : ` (denied: ${line.rule})`;
}

/** Formats the lines of `src logs` as aligned columns: time, channel, source, principal, status, duration, attempts, error, request. */
export interface AuditTable {
  /** The rows of `lines`, in the same columns as every other call (so `--follow` keeps them aligned); the header first with `withHeader`. */
  rows(lines: readonly CallAuditLine[], options?: { withHeader?: boolean }): string;
}

/**
 * The columns of `src logs` (cli-table3, without borders). Their widths are fixed up front, the source column from
 * `sourceNames` (the slugs the home has and those in the lines read first), so rows printed later by `--follow` line
 * up with the first ones; the principal column (whom the call was for, `-` in lines written before principals) is as
 * wide as the longest of `principals` (those read first); the error column is as wide as the longest code read first,
 * at least 18. The request (method and path, and the rule of a policy refusal) comes last, at its own width.
 */
export async function createAuditTable(
  sourceNames: Iterable<string>,
  errorCodes: Iterable<string> = [],
  principals: Iterable<string> = [],
): Promise<AuditTable> {
  const { default: Table } = await import("cli-table3");
  let sourceWidth = "source".length;
  for (const name of sourceNames) sourceWidth = Math.max(sourceWidth, Math.min(name.length, maxSourceWidth));
  let principalWidth = "principal".length;
  for (const principal of principals)
    principalWidth = Math.max(principalWidth, Math.min(principal.length, maxPrincipalWidth));
  let errorWidth = fixedWidths.error;
  for (const code of errorCodes) errorWidth = Math.max(errorWidth, code.length);
  const colWidths = [
    fixedWidths.time,
    fixedWidths.channel,
    sourceWidth,
    principalWidth,
    fixedWidths.status,
    fixedWidths.duration,
    fixedWidths.attempts,
    errorWidth,
  ];
  // A copy for each table: cli-table3 writes the widths it computes into the array it is given.
  const render = (rows: unknown[][]): string => {
    const table = new Table({
      chars: borderless,
      style: { head: [], border: [], "padding-left": 0, "padding-right": 0 },
      colWidths: [...colWidths],
      wordWrap: false,
    });
    table.push(...(rows as never[]));
    return table
      .toString()
      .split("\n")
      .map((row) => row.trimEnd())
      .join("\n");
  };
  const right = (content: string) => ({ content, hAlign: "right" });
  const header = [
    "time",
    "channel",
    "source",
    "principal",
    right("status"),
    right("duration"),
    right("attempts"),
    "error",
    "request",
  ];
  return {
    rows: (lines, { withHeader = false } = {}) =>
      render([
        ...(withHeader ? [header] : []),
        ...lines.map((line) => [
          line.time,
          line.channel,
          oneLine(line.source),
          oneLine(line.principal ?? "-"),
          right(line.status === null ? "-" : String(line.status)),
          right(`${line.durationMs}ms`),
          right(String(line.attempts)),
          oneLine(line.errorCode ?? ""),
          line.method === null
            ? "(refused before a request)"
            : oneLine(`${line.method} ${line.path ?? ""}${deniedNote(line)}`),
        ]),
      ]),
  };
}
