import type { ToolResult } from "@src/http-tool";
import { escapeTerminalControls } from "./escape-terminal-controls";

/**
 * A result for people: status line, headers, a blank line, the body (JSON
 * indented), then notes (error unless `withError` is false, truncation, redirect, next page).
 * Everything the upstream chose is shown with terminal control characters escaped.
 */
export function formatCallResult(result: ToolResult, { withError = true }: { withError?: boolean } = {}): string {
  const request = `${result.request.method} ${result.request.url}`;
  const timing = `${result.durationMs} ms, ${result.attempts} attempt${result.attempts === 1 ? "" : "s"}`;
  const head =
    result.status === 0
      ? `no response  ${request}  (${timing})`
      : `HTTP ${result.status} ${result.statusText}`.trimEnd() + `  ${request}  (${timing})`;
  const lines = [head, ...Object.entries(result.headers).map(([name, value]) => `${name}: ${value}`)];
  const body = formatBody(result.body);
  if (body !== undefined) lines.push("", body);
  const notes: string[] = [];
  if (withError && result.error !== undefined)
    notes.push(`error ${result.error.code}${result.error.retryable ? " (retryable)" : ""}: ${result.error.message}`);
  if (result.truncated !== undefined) notes.push(`truncated: ${result.truncated.note}`);
  if (result.note !== undefined) notes.push(`note: ${result.note}`);
  if (result.nextPath !== undefined) notes.push(`next page: ${result.nextPath}`);
  if (result.selected !== undefined) notes.push(`selected: ${result.selected}`);
  const pages = result.pagination;
  if (pages !== undefined) {
    const more = pages.more
      ? `more remain${pages.next === undefined ? "" : ` (next: ${pages.next.path}${pages.next.query === undefined ? "" : ` with ${JSON.stringify(pages.next.query)}`})`}`
      : "no more";
    notes.push(
      `pages: ${pages.pages} fetched, ${pages.items} items, ${more}${pages.stoppedBecause === undefined ? "" : `; stopped: ${pages.stoppedBecause}`}`,
    );
  }
  if (notes.length > 0) lines.push("", ...notes);
  return escapeTerminalControls(lines.join("\n"));
}

function formatBody(body: ToolResult["body"]): string | undefined {
  switch (body.kind) {
    case "json":
      return JSON.stringify(body.value, null, 2);
    case "text":
      return body.value;
    case "binary":
      return `[binary body: ${body.contentType}, ${body.size} bytes]`;
    case "empty":
      return undefined;
  }
}
