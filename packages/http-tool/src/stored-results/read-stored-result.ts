import { applySelect } from "../select/apply-select";
import type { CompiledSelect } from "../select/compile-select";
import { createFailureResult } from "../result/create-failure-result";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ToolResult } from "../result/tool-result";
import { cutText } from "../result/truncate-json";
import { lifetimeText, type ResultStore, type StoredResult } from "./result-store";

/** What reading a stored result needs. */
export interface ReadStoredResultInput {
  store: ResultStore;
  /** The caller asking; only the one that made the call may read. */
  owner: string;
  ref: string;
  /** Applied to the stored JSON before the part is cut. */
  select?: CompiledSelect | undefined;
  /** The first character to read. Default 0. */
  offset?: number | undefined;
  /** Most characters handed over at once (the source's `maxResultChars`). */
  maxChars: number;
  /** Why the result found may not be handed out now (`storedResultRefusal`), or `undefined`. Default: it may. */
  refusal?: ((result: StoredResult) => string | undefined) | undefined;
}

/** One part of a stored result's text, as `read` or an MCP `resources/read` hands it over. */
export interface StoredResultPart {
  result: StoredResult;
  /** The whole text read from (after `select`), and the part of it. */
  text: string;
  value?: unknown;
  offset: number;
  length: number;
}

/** Why a reference cannot be read, said to the agent. */
export function describeLookupFailure(
  ref: string,
  reason: "expired" | "unknown" | "other-caller" | "malformed",
  ttlMs: number,
): string {
  const shown = JSON.stringify(ref.slice(0, 80));
  switch (reason) {
    case "expired":
      return `resultRef ${shown} has expired: cut results are kept ${lifetimeText(ttlMs)}; make the call again`;
    case "other-caller":
      return `resultRef ${shown} belongs to another caller and is refused; make the call yourself to get your own`;
    case "malformed":
      return `resultRef ${shown} is not a reference src handed out; pass the resultRef of a cut result exactly as it came`;
    case "unknown":
      return `resultRef ${shown} is not known here: it was dropped to keep memory bounded, or made by another process (each \`src call\`, \`src mcp\` and server replica keeps its own); make the call again`;
  }
}

/**
 * The part of a stored result from `offset`, at most `maxChars` characters,
 * after `select`; or the message saying why it cannot be read.
 */
export function readStoredPart({
  store,
  owner,
  ref,
  select,
  offset = 0,
  maxChars,
  refusal,
}: ReadStoredResultInput): { ok: true; part: StoredResultPart } | { ok: false; message: string } {
  const lookup = store.read(ref, owner);
  if (!lookup.found) return { ok: false, message: describeLookupFailure(ref, lookup.reason, store.ttlMs) };
  const { result } = lookup;
  const refused = refusal?.(result);
  if (refused !== undefined)
    return { ok: false, message: `resultRef ${JSON.stringify(ref.slice(0, 80))} is refused: ${refused}` };
  let text = result.text;
  let value: unknown;
  if (select !== undefined) {
    if (result.kind !== "json")
      return {
        ok: false,
        message: `select applies to JSON, and the body stored under resultRef ${JSON.stringify(ref)} is text; read it without select`,
      };
    const selected = applySelect(select, JSON.parse(result.text) as unknown);
    if (!selected.ok)
      return {
        ok: false,
        message: `select ${JSON.stringify(select.expression)} failed on the stored body: ${selected.message}`,
      };
    value = selected.value;
    text = JSON.stringify(value) ?? "null";
  }
  if (offset > text.length)
    return {
      ok: false,
      message: `offset ${offset} is past the end of the stored body (${text.length} characters${select === undefined ? "" : " after select"}); read from 0 to ${text.length}`,
    };
  const chunk = cutText(text.slice(offset), maxChars);
  return { ok: true, part: { result, text, value, offset, length: chunk.length } };
}

/** The call that reads a stored result on from `offset`, with the same `select` the part was read with. */
function readOnCall(ref: string, select: CompiledSelect | undefined, offset: number): string {
  const selected = select === undefined ? "" : `, "select": ${JSON.stringify(select.expression)}`;
  return `{"resultRef": ${JSON.stringify(ref)}${selected}, "offset": ${offset}}`;
}

/**
 * Answers `{ resultRef, offset?, select? }`: a part of a stored result, with
 * no request upstream. The whole fits: the body is the JSON (or text) itself;
 * else a text part of at most `maxChars` characters and `part.nextOffset`.
 */
export function readStoredResult(input: ReadStoredResultInput): ToolResult {
  const started = performance.now();
  const read = readStoredPart(input);
  const call = { method: "", path: "" };
  if (!read.ok)
    return createFailureResult({ code: TOOL_ERROR_CODES.INVALID_CALL, message: `invalid call: ${read.message}`, call });
  const { part } = read;
  const { result } = part;
  const whole = part.offset === 0 && part.length === part.text.length;
  const end = part.offset + part.length;
  const answer: ToolResult = {
    ok: result.status >= 200 && result.status < 300,
    status: result.status,
    statusText: result.statusText,
    durationMs: 0,
    attempts: 0,
    headers: {},
    body: whole
      ? result.kind === "json" || input.select !== undefined
        ? {
            kind: "json",
            value:
              part.value !== undefined || input.select !== undefined ? part.value : (JSON.parse(part.text) as unknown),
          }
        : { kind: "text", value: part.text }
      : { kind: "text", value: part.text.slice(part.offset, end) },
    request: result.request,
    resultRef: input.ref,
    part: {
      offset: part.offset,
      length: part.length,
      totalChars: part.text.length,
      ...(end < part.text.length ? { nextOffset: end } : {}),
    },
    note: whole
      ? "read from the stored result, no request sent"
      : `read from the stored result, no request sent: characters ${part.offset} to ${end} of ${part.text.length}${result.kind === "json" && !whole ? " (a slice of JSON text; select narrows it to whole values)" : ""}${end < part.text.length ? `; read on with ${readOnCall(input.ref, input.select, end)}` : ""}`,
  };
  const selected = input.select?.expression ?? result.selected;
  if (selected !== undefined) answer.selected = selected;
  answer.durationMs = Math.round(performance.now() - started);
  return answer;
}
