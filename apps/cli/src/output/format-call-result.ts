import type { ToolResult } from "@src/http-tool";
import { inCallFlagWords, shellWord } from "./cli-hint";
import { escapeTerminalControls } from "./escape-terminal-controls";

/** The `src call` that goes on from the next page: the same select, --paginate again. */
function nextPageCommand(
  slug: string,
  next: NonNullable<NonNullable<ToolResult["pagination"]>["next"]>,
  selected: string | undefined,
): string {
  const query = Object.entries(next.query ?? {}).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `-q ${shellWord(`${name}=${String(item)}`)}`),
  );
  const select = selected === undefined ? [] : [`--select ${shellWord(selected)}`];
  return ["src call", shellWord(slug), "GET", shellWord(next.path), ...query, ...select, "--paginate"].join(" ");
}

/**
 * A cut body's note as `src call` can act on it: the whole body an agent reads on by `resultRef` is gone when this
 * process exits (and no command reads one), so the note says what the CLI can do instead.
 */
export function cutNoteInCliWords(note: string, slug: string): string {
  const kept = /; the whole (body|text) \(\d+ characters\) is kept for .*$/.exec(note);
  if (kept === null) return inCallFlagWords(note);
  const raise = `raise the limit: src source edit ${shellWord(slug)} --set maxResultChars=N`;
  return kept[1] === "text"
    ? `${note.slice(0, kept.index)}; to see more, ${raise}`
    : `${note.slice(0, kept.index)}; narrow it with --select EXPR (JMESPath, applied to the whole body before it is cut), or ${raise}`;
}

/**
 * A result for people: status line, headers, a blank line, the body (JSON
 * indented), then notes (error unless `withError` is false, truncation, redirect, next page; with `slug`, the
 * `src call` that goes on from the next page of a walk).
 * Everything the upstream chose is shown with terminal control characters escaped.
 */
export function formatCallResult(
  result: ToolResult,
  { withError = true, slug }: { withError?: boolean; slug?: string } = {},
): string {
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
  if (result.truncated !== undefined)
    notes.push(
      `truncated: ${slug === undefined ? result.truncated.note : cutNoteInCliWords(result.truncated.note, slug)}`,
    );
  if (result.note !== undefined) notes.push(`note: ${slug === undefined ? result.note : inCallFlagWords(result.note)}`);
  if (result.nextPath !== undefined) notes.push(`next page: ${result.nextPath}`);
  if (result.selected !== undefined) notes.push(`selected: ${result.selected}`);
  const pages = result.pagination;
  if (pages !== undefined) {
    const stopped = pages.stoppedBecause === undefined ? "" : `; stopped: ${pages.stoppedBecause}`;
    const more = !pages.more
      ? `no more${stopped}`
      : pages.next === undefined
        ? `more remain${stopped}`
        : slug === undefined
          ? `more remain (next: ${pages.next.path}${pages.next.query === undefined ? "" : ` with ${JSON.stringify(pages.next.query)}`})${stopped}`
          : `more remain${stopped}; go on with: ${nextPageCommand(slug, pages.next, result.selected)}`;
    notes.push(`pages: ${pages.pages} fetched, ${pages.items} items, ${more}`);
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
