import type { SourceRecord } from "@src/config";
import type { CallCheckResult, OperationCatalog } from "@src/openapi";
import type { ParsedToolCall } from "../request/tool-call";
import { searchWordsOf, type ToolNextStep } from "../result/tool-next-step";
import { operationsToolName } from "./operations-tool-name";

/** What the document says about a call: nothing (it fits), or the problems in words and the operations tool call that helps. */
export type DocumentVerdict = (
  { fits: true } | { fits: false; message: string; next: ToolNextStep; warnings: string[] }
) & {
  /** The operation the call matched, when one did (its path template names the call in traces, never its values). */
  operation?: { operationId: string; path: string } | undefined;
};

const describeOperation = (operation: { operationId: string; method: string; path: string }): string =>
  `${operation.method} ${operation.path} (${operation.operationId})`;

/**
 * Checks a normalized call against the source's OpenAPI document. The header
 * and query names the auth plugin fills in, and the source's fixed headers,
 * count as given. Returns the message of the `INVALID_CALL` refusal (strict),
 * its next step (the operation in full, or a search) and the lines of `warnings` (warn).
 */
export function checkAgainstDocument({
  source,
  call,
  operations,
  authHeaders,
  authQuery,
}: {
  source: SourceRecord;
  call: ParsedToolCall;
  operations: OperationCatalog;
  authHeaders: readonly string[];
  authQuery: readonly string[];
}): DocumentVerdict {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(source.api.headers ?? {})) headers[name.toLowerCase()] = value;
  const result: CallCheckResult = operations.check(
    { method: call.method, path: call.path, query: call.query, body: call.body, rawBody: call._rawBody !== undefined },
    { baseUrl: source.api.baseUrl, headers },
  );
  const supplied = new Set([
    ...authHeaders.map((name) => `header.${name.toLowerCase()}`),
    ...authQuery.map((name) => `query.${name}`),
  ]);
  const problems = result.problems.filter((problem) => !supplied.has(problem.field));
  if (problems.length === 0) return { fits: true, operation: result.operation };
  const tool = operationsToolName(source.slug);
  if (result.operation === undefined) {
    const closest = (result.closest ?? []).map(describeOperation).join(", ");
    const line = `no operation of the API's OpenAPI document matches ${call.method} ${call.path.split("?")[0] ?? ""}${closest === "" ? "" : `; the closest: ${closest}`}`;
    return {
      fits: false,
      message: `invalid call: ${line}; nothing was sent`,
      next: { tool, input: { query: searchWordsOf(call.method, call.path) } },
      warnings: [line],
    };
  }
  const lines = problems.map(
    (problem) =>
      `${problem.field} ${problem.message}${problem.schemaPath === undefined ? "" : ` (schema path ${problem.schemaPath})`}`,
  );
  const operation = describeOperation(result.operation);
  return {
    fits: false,
    message: `invalid call: ${operation} does not fit the API's OpenAPI document: ${lines.join("; ")}; nothing was sent`,
    next: { tool, input: { operationId: result.operation.operationId } },
    warnings: lines.map((line) => `${operation}: ${line}`),
    operation: result.operation,
  };
}
