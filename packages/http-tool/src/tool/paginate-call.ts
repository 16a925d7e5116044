import type { IndexedOperation } from "@src/openapi";
import { normalizeToolCall } from "../request/normalize-tool-call";
import { baseUrlFor } from "../request/base-url-cache";
import { redactorFor } from "../result/redactor-cache";
import type { WholeBody } from "../result/shape-result-body";
import type { ToolResult } from "../result/tool-result";
import type { CompiledSelect } from "../select/compile-select";
import type { PageCall } from "../pagination/find-next-page";
import { defaultMaxPages, defaultSourceMaxPages, walkPages } from "../pagination/walk-pages";
import { sendOneRequest, type RequestContext } from "./send-one-request";
import { callBudgetMs } from "../execution/call-state";
import { resolveExecutorLimits } from "../execution/executor-limits";
import { selectAndBound } from "./select-and-bound";

/** What a call with `paginate` asks. */
export interface PaginateCallInput {
  /** The request part of the agent's input. */
  request: unknown;
  select?: CompiledSelect | undefined;
  paginate: { maxPages?: number | undefined; maxItems?: number | undefined };
  /** The source's `maxResultChars`: the joined items stop there, and the body is bounded to it. */
  maxChars: number;
}

/**
 * A GET followed page by page: every page is one `sendOneRequest` (the same
 * normalizing, confinement under the base URL, redirect rules and credential
 * handling as the first; only the first is checked against the document,
 * since the API chose the others). The joined body is bounded and, when cut,
 * handed back whole to be kept for `resultRef`.
 */
export async function paginateCall(
  context: RequestContext,
  { request, select, paginate, maxChars }: PaginateCallInput,
): Promise<{ result: ToolResult; whole?: WholeBody }> {
  const { source } = context;
  const cap = source.api.maxPages ?? defaultSourceMaxPages;
  const maxPages = Math.min(paginate.maxPages ?? defaultMaxPages, cap);
  let first: PageCall | undefined;
  let operation: IndexedOperation | undefined;
  try {
    const parsed = normalizeToolCall(request);
    first = {
      method: "GET",
      path: parsed.path,
      ...(parsed.query === undefined ? {} : { query: parsed.query as PageCall["query"] }),
    };
    const matched = context.operations?.check(
      { method: "GET", path: parsed.path, query: parsed.query },
      { baseUrl: source.api.baseUrl },
    ).operation;
    operation = matched === undefined ? undefined : context.operations?.find(matched.operationId);
  } catch {
    // The first request reports what is wrong with the call, through the one path.
    first = undefined;
  }
  let lastSecrets: readonly string[] = [];
  // Every page shares the one budget of a call (api.timeoutMs × (api.retries + 1)), counted from the first request.
  const budgetMs = callBudgetMs(resolveExecutorLimits(source.api));
  const deadline = performance.now() + budgetMs;
  const walked = await walkPages({
    first: first ?? (request as PageCall),
    deadline: { at: deadline, budgetMs },
    fetchPage: async (call, index) => {
      const outcome = await sendOneRequest(context, {
        call: index === 0 ? request : call,
        checkDocument: index === 0,
        page: index > 0,
        limits: { maxResultChars: Number.POSITIVE_INFINITY },
        walkDeadline: index === 0 ? undefined : deadline,
      });
      lastSecrets = outcome.secrets;
      return { result: outcome.result, sent: outcome.sent, redactor: redactorFor(outcome.secrets) };
    },
    select,
    maxPages,
    maxItems: paginate.maxItems,
    maxChars,
    baseUrl: baseUrlFor(source.api.baseUrl),
    operation,
  });
  const result = walked.result;
  // Select was applied page by page in the walk: here the joined body is only bounded.
  const bounded = selectAndBound(result, { maxChars, secrets: lastSecrets });
  if (paginate.maxPages !== undefined && paginate.maxPages > cap)
    walked.notes.push(`maxPages ${paginate.maxPages} was lowered to ${cap} (api.maxPages)`);
  // The call to go on keeps the walk's select, so the next pages come in the same shape.
  const next = walked.report.next;
  bounded.result.pagination =
    next === undefined || bounded.result.selected === undefined
      ? walked.report
      : { ...walked.report, next: { ...next, select: bounded.result.selected } };
  if (walked.notes.length > 0)
    bounded.result.note = redactorFor(lastSecrets).redactText(
      [bounded.result.note, ...walked.notes].filter((note) => note !== undefined).join("; "),
    );
  return bounded;
}
