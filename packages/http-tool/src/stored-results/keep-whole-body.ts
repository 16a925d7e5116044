import type { WholeBody } from "../result/shape-result-body";
import type { ToolResult } from "../result/tool-result";
import { lifetimeText, type ResultStore } from "./result-store";

/** Where a cut body is kept, and for whom. */
export interface KeepWholeBodyOptions {
  store: ResultStore;
  /** The caller; only it may read the body back. */
  owner: string;
  slug: string;
  /** The source's `api.maxStoredResultBytes`; 0 keeps nothing. */
  maxBytes: number;
}

/**
 * Keeps the whole body of a cut result and says so in the result: `resultRef`
 * and a line in `truncated.note` telling how to read on. A body over
 * `maxBytes` is not kept, and the note says that instead.
 */
export function keepWholeBody(
  result: ToolResult,
  whole: WholeBody,
  { store, owner, slug, maxBytes }: KeepWholeBodyOptions,
): void {
  if (maxBytes <= 0 || result.truncated === undefined) return;
  const kept = store.keep(
    {
      owner,
      slug,
      kind: whole.kind,
      text: whole.text,
      status: result.status,
      statusText: result.statusText,
      request: result.request,
      selected: result.selected,
    },
    maxBytes,
  );
  if (kept === undefined) {
    result.truncated.note += `; the whole body is larger than api.maxStoredResultBytes (${maxBytes} bytes), so it was not kept: ask for less (select, filters, a smaller page)`;
    return;
  }
  result.resultRef = kept.ref;
  const ref = JSON.stringify(kept.ref);
  const keptFor = `is kept for ${lifetimeText(store.ttlMs)}`;
  // Text is cut at its end, so the agent has its start and reads on from there; cut JSON is still whole values, read as text from 0 or narrowed.
  result.truncated.note +=
    whole.kind === "text"
      ? `; the whole text (${whole.text.length} characters) ${keptFor}: read on with {"resultRef": ${ref}, "offset": ${result.body.kind === "text" ? result.body.value.length : 0}}, without a new request`
      : `; the whole body (${whole.text.length} characters) ${keptFor}: read it in parts with {"resultRef": ${ref}, "offset": 0}, or narrow it with {"resultRef": ${ref}, "select": "..."}, without a new request`;
}
