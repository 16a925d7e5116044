import { describeNextStep } from "./tool-next-step";
import type { ToolResult, ToolResultBody } from "./tool-result";

/** Longest header value shown, in characters. */
const maxHeaderValueLength = 500;

/**
 * The compact text an agent reads for one result: a status line, the useful
 * headers, notes (truncation, redirect, next page), the error if any, then the
 * body (JSON without indentation, text as it is, binary as type and size).
 * Its length stays within a few hundred characters of the result's own JSON size.
 */
export function formatToolResult(result: ToolResult): string {
  const lines = [statusLine(result)];
  for (const [name, value] of Object.entries(result.headers)) {
    lines.push(`${name}: ${value.length > maxHeaderValueLength ? `${value.slice(0, maxHeaderValueLength)}…` : value}`);
  }
  if (result.error !== undefined) {
    const retry = result.error.retryable ? "retryable" : "not retryable";
    const next = result.error.next === undefined ? "" : `. Next: ${describeNextStep(result.error.next)}`;
    lines.push(`error ${result.error.code} (${retry}): ${result.error.message}${next}`);
  }
  if (result.truncated !== undefined) {
    const size =
      result.truncated.originalSize === null
        ? "unknown size"
        : `${result.truncated.originalSize} ${result.truncated.unit}`;
    lines.push(`truncated (original ${size}): ${result.truncated.note}`);
  }
  if (result.note !== undefined) lines.push(`note: ${result.note}`);
  for (const warning of result.warnings ?? []) lines.push(`warning: ${warning}`);
  if (result.nextPath !== undefined) lines.push(`next page: call again with path ${JSON.stringify(result.nextPath)}`);
  if (result.selected !== undefined) lines.push(`selected: ${result.selected}`);
  if (result.pagination !== undefined) lines.push(paginationLine(result.pagination));
  if (result.part !== undefined) {
    const { offset, length, totalChars, nextOffset } = result.part;
    lines.push(
      `part: characters ${offset} to ${offset + length} of ${totalChars}${nextOffset === undefined ? " (the end)" : `; read on with offset ${nextOffset}`}`,
    );
  }
  if (result.resultRef !== undefined && result.part === undefined && result.truncated === undefined)
    lines.push(`resultRef: ${result.resultRef}`);
  const body = formatBody(result.body);
  return body === undefined ? lines.join("\n") : `${lines.join("\n")}\n\n${body}`;
}

/** The walk's report; the call to go on with carries the walk's `select` (`next.select`), so its items have the same shape. */
function paginationLine(report: NonNullable<ToolResult["pagination"]>): string {
  const counts = `pages: ${report.pages} fetched, ${report.items} item${report.items === 1 ? "" : "s"}`;
  const stopped = report.stoppedBecause === undefined ? "" : `; stopped: ${report.stoppedBecause}`;
  if (!report.more) return `${counts}, no more${stopped}`;
  const next =
    report.next === undefined ? "" : `; to go on, call with ${JSON.stringify(report.next)} and paginate again`;
  return `${counts}, more remain${stopped}${next}`;
}

function statusLine(result: ToolResult): string {
  const request = `${result.request.method} ${result.request.url}`.trim() || "(no method or path given)";
  if (result.attempts === 0) return result.ok ? `answered without a request · ${request}` : `not sent · ${request}`;
  const attempts = `${result.attempts} attempt${result.attempts === 1 ? "" : "s"}`;
  if (result.status === 0) return `no response · ${request} · ${attempts} · ${result.durationMs} ms`;
  const status = `HTTP ${result.status}${result.statusText === "" ? "" : ` ${result.statusText}`}`;
  return `${status} (${result.ok ? "ok" : "not ok"}) · ${request} · ${attempts} · ${result.durationMs} ms`;
}

function formatBody(body: ToolResultBody): string | undefined {
  switch (body.kind) {
    case "json":
      return JSON.stringify(body.value) ?? "null";
    case "text":
      return body.value;
    case "binary":
      return body.base64 === undefined
        ? `[binary body: ${body.contentType}, ${body.size} bytes, not shown]`
        : `[binary body: ${body.contentType}, ${body.size} bytes, base64 below]\n${body.base64}`;
    case "empty":
      return undefined;
  }
}
