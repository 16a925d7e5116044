import type { IndexedOperation } from "@src/openapi";
import { applySelect } from "../select/apply-select";
import type { CompiledSelect } from "../select/compile-select";
import type { Redactor } from "../result/redact-secrets";
import type { PaginationReport, ToolResult } from "../result/tool-result";
import { findNextPage, type PageCall, type PaginationStyle } from "./find-next-page";
import { itemsOf } from "./items-of";
import { envelopeAfter, joinedBody, type JoinedEnvelope } from "./joined-envelope";

/** Pages followed when the agent does not say, and when the source does not cap lower. */
export const defaultMaxPages = 5;
/** Most pages a source lets one call follow unless `api.maxPages` says otherwise. */
export const defaultSourceMaxPages = 20;

/** One page as fetched: its result with the whole body (not yet bounded), and the redactor of its secrets. */
export interface FetchedPage {
  result: ToolResult;
  /** False when nothing was sent (the call was refused before sending). */
  sent: boolean;
  redactor: Redactor;
}

/** What a walk needs. */
export interface WalkPagesInput {
  /** The agent's call, the first page. */
  first: PageCall;
  /** Sends one page's call through the same path as any request of the call (confinement, checks, credential). */
  fetchPage: (call: PageCall, index: number) => Promise<FetchedPage>;
  select?: CompiledSelect | undefined;
  maxPages: number;
  maxItems?: number | undefined;
  /** The joined items stop growing once their JSON reaches this many characters. */
  maxChars: number;
  baseUrl: URL;
  operation?: IndexedOperation | undefined;
  /** The walk's one time budget: no next page starts past `at` (a `performance.now()`). Default: none. */
  deadline?: { at: number; budgetMs: number } | undefined;
}

/** The outcome of a walk: the result to bound (the joined body whole) and the pagination report. */
export interface WalkedPages {
  result: ToolResult;
  report: PaginationReport;
  /** A note to add to the result (select that failed, a page that answered an error...). */
  notes: string[];
}

const describeFailure = (result: ToolResult): string =>
  result.error !== undefined
    ? `${result.error.code}: ${result.error.message}`
    : `HTTP ${result.status}${result.statusText === "" ? "" : ` ${result.statusText}`}`;

/**
 * One page's address, however it is written: `{ path: "/items", query: { page: "1" } }` (the agent's call) and
 * `{ path: "/items?page=1" }` (a next link) are the same page, whatever the order of the parameters.
 */
function keyOf(call: PageCall): string {
  const at = call.path.indexOf("?");
  const pathname = at === -1 ? call.path : call.path.slice(0, at);
  const parameters = new URLSearchParams(at === -1 ? "" : call.path.slice(at + 1).split("#")[0]);
  for (const [name, value] of Object.entries(call.query ?? {}))
    for (const each of Array.isArray(value) ? value : [value]) parameters.append(name, String(each));
  parameters.sort();
  return `${pathname}?${parameters.toString()}`;
}

/** Why the walk stopped at page `number`: not JSON, an API link the builder refuses (never sent), or its failure. */
function whyPageStopped(result: ToolResult, number: number, call: PageCall): string {
  if (result.ok && result.body.kind !== "json") return `page ${number} is not JSON`;
  if (result.error?.code === "INVALID_CALL")
    return `the API's link to page ${number} (${JSON.stringify(call.path)}) is not a call the tool sends, so it was not sent (${result.error.message})`;
  return `page ${number} answered ${describeFailure(result)}`;
}

/** The walk of a first page that is not a JSON 2xx answer: that page as it is, and why nothing was joined. */
function firstPageAsItIs(page: FetchedPage): WalkedPages | undefined {
  const { result } = page;
  if (page.sent && result.ok && result.body.kind === "json") return undefined;
  const why =
    !page.sent || result.error !== undefined || !result.ok
      ? `the first page answered ${describeFailure(result)}`
      : `the first page is not JSON (${result.body.kind})`;
  return { result, report: { pages: page.sent ? 1 : 0, items: 0, more: false, stoppedBecause: why }, notes: [] };
}

/** Why no next page starts: the walk's one budget ran out after page `pages`; `undefined` while time is left. */
function budgetRanOut(deadline: WalkPagesInput["deadline"], pages: number): string | undefined {
  if (deadline === undefined || performance.now() < deadline.at) return undefined;
  return `the call's time budget of ${deadline.budgetMs} ms (api.timeoutMs × (api.retries + 1), shared by every page) ran out after page ${pages}`;
}

/**
 * Follows the next pages of a GET and joins their items (after `select`,
 * page by page): until the last page, `maxPages`, `maxItems`, the joined
 * items reaching `maxChars`, a page that fails, a next link that leaves the
 * base URL (not followed), or a page already seen. The first page that is not
 * a JSON 2xx answer is the result as it is. The joined body is the envelope of
 * the last page joined (its cursor, next link or `has_more`, which agree with
 * the report's `more` and `next`) holding the items of every page; the
 * headers are that page's too.
 */
export async function walkPages({
  first,
  fetchPage,
  select,
  maxPages,
  maxItems,
  maxChars,
  baseUrl,
  operation,
  deadline,
}: WalkPagesInput): Promise<WalkedPages> {
  const page = await fetchPage(first, 0);
  const firstResult = page.result;
  const notes: string[] = [];
  const unwalkable = firstPageAsItIs(page);
  if (unwalkable !== undefined) return unwalkable;

  /** The envelope of the last page whose items were joined: its cursor, next link and `has_more` describe what is left. */
  let frame: JoinedEnvelope | undefined;
  const items: unknown[] = [];
  let chars = 2;
  let pages = 0;
  let call = first;
  let current = page;
  let attempts = 0;
  let durationMs = 0;
  let style: PaginationStyle | undefined;
  const seen = new Set([keyOf(first)]);
  const report = (more: boolean, stoppedBecause?: string, next?: PageCall): PaginationReport => ({
    pages,
    items: items.length,
    more,
    ...(more && next !== undefined
      ? {
          next:
            next.query === undefined
              ? { method: "GET" as const, path: next.path }
              : { method: "GET" as const, path: next.path, query: next.query },
        }
      : {}),
    ...(style === undefined ? {} : { style }),
    ...(stoppedBecause === undefined ? {} : { stoppedBecause }),
  });

  for (;;) {
    pages += 1;
    attempts += current.result.attempts;
    durationMs += current.result.durationMs;
    const body = (current.result.body as { value: unknown }).value;
    const next = findNextPage({
      headers: current.result.headers,
      body,
      responseUrl: current.result.request.url,
      call,
      baseUrl,
      operation,
    });
    let selected = body;
    if (select !== undefined) {
      const outcome = applySelect(select, body);
      if (!outcome.ok) {
        notes.push(
          current.redactor.redactText(
            `select ${JSON.stringify(select.expression)} failed on page ${pages} (${outcome.message})${pages === 1 ? "; the first page is shown without it" : "; the items of the pages before it are shown"}`,
          ),
        );
        if (pages === 1) {
          // The first page is shown as it came: the report counts its items and names its next page, as its body does.
          items.push(...(itemsOf(body)?.items ?? []));
          if (next !== undefined) style ??= next.style;
          const goOn = next?.kind === "call" ? next.call : undefined;
          return {
            result: { ...firstResult },
            report: report(next !== undefined, "select failed on the first page", goOn),
            notes,
          };
        }
        if (next !== undefined) style ??= next.style;
        return finish(report(true, `select failed on page ${pages}`, call));
      }
      selected = current.redactor.redactDeep(outcome.value);
    }
    const found = itemsOf(selected, frame?.path);
    const holdsNone = found === undefined && holdsNoItem(selected, frame?.path, select !== undefined);
    let pageItems = found?.items ?? (holdsNone ? [] : [selected]);
    let cutShort = false;
    if (maxItems !== undefined && items.length + pageItems.length > maxItems) {
      pageItems = pageItems.slice(0, maxItems - items.length);
      cutShort = true;
    }
    const pageChars = pageItems.reduce<number>((sum, item) => sum + (JSON.stringify(item) ?? "null").length + 1, 0);
    // Joined, this page would be cut and its items reachable only by resultRef while `next` went past them:
    // it is left out whole, and the call to go on fetches it again.
    if (pages > 1 && chars + pageChars > maxChars) return finish(report(true, overflowing(pages, maxChars), call));
    frame = envelopeAfter(frame, { value: selected, found, holdsNone, headers: current.result.headers });
    items.push(...pageItems);
    chars += pageChars;
    if (next !== undefined) style ??= next.style;
    if (cutShort || (maxItems !== undefined && items.length >= maxItems)) {
      const more = cutShort || next !== undefined;
      if (!cutShort)
        return finish(report(more, `maxItems (${maxItems}) reached`, next?.kind === "call" ? next.call : undefined));
      // Stripe's next page starts after an id: the call to go on starts after the last item kept (its id is in the
      // body only without select). Any other next page starts after this one, so the call to go on is this page's
      // own: nothing of it is skipped, and its first items are the last ones shown.
      const afterLastKept =
        next?.style === "starting-after" && select === undefined
          ? nextAfterLastKept({ page: current.result, body, kept: pageItems, call, baseUrl, operation })
          : undefined;
      const goOn = afterLastKept?.kind === "call" ? afterLastKept.call : call;
      return finish(
        report(
          more,
          `maxItems (${maxItems}) reached: the rest of page ${pages} was left out, and ${afterLastKept?.kind === "call" ? "the call to go on starts after the last item kept" : `the call to go on fetches page ${pages} again, whose first ${pageItems.length} items are the last ones shown`}`,
          goOn,
        ),
      );
    }
    if (next === undefined) return finish(report(false));
    if (next.kind === "outside") {
      notes.push(`the next page (${next.url}) leaves the source's base URL and was not followed`);
      return finish(report(true, "the next page leaves the source's base URL"));
    }
    if (chars >= maxChars)
      return finish(report(true, `the joined items reached api.maxResultChars (${maxChars} characters)`, next.call));
    if (pages >= maxPages) return finish(report(true, `maxPages (${maxPages}) reached`, next.call));
    if (seen.has(keyOf(next.call))) return finish(report(false, "the API pointed back to a page already fetched"));
    const outOfTime = budgetRanOut(deadline, pages);
    if (outOfTime !== undefined) return finish(report(true, outOfTime, next.call));
    seen.add(keyOf(next.call));
    const fetched = await fetchPage(next.call, pages);
    if (!fetched.sent || !fetched.result.ok || fetched.result.body.kind !== "json") {
      attempts += fetched.result.attempts;
      durationMs += fetched.result.durationMs;
      const why = whyPageStopped(fetched.result, pages + 1, next.call);
      notes.push(`${why}; the items of the pages before it are shown`);
      // A page the policy or the builder refuses is refused again: it is no call to go on with.
      const code = fetched.result.error?.code;
      return finish(report(true, why, code === "POLICY_DENIED" || code === "INVALID_CALL" ? undefined : next.call));
    }
    call = next.call;
    current = fetched;
  }

  function finish(pagination: PaginationReport): WalkedPages {
    const result: ToolResult = {
      ...firstResult,
      attempts,
      durationMs,
      headers: frame?.headers ?? firstResult.headers,
      body: { kind: "json", value: joinedBody(frame, items) },
    };
    if (select !== undefined) result.selected = select.expression;
    delete result.nextPath;
    return { result, report: pagination, notes };
  }
}

/**
 * Whether a page without an array (after `select`) holds no item: a page without the list the ones before had (HAL
 * leaves out an empty `_embedded`), `null` (`{ "data": null }` selected, a list left out), a page object without any
 * array. Another selection without an array (`total`) is the page's one item.
 */
function holdsNoItem(value: unknown, place: readonly string[] | undefined, selected: boolean): boolean {
  return place !== undefined || value === null || value === undefined || (!selected && typeof value === "object");
}

const overflowing = (page: number, maxChars: number): string =>
  `page ${page} would take the joined items past api.maxResultChars (${maxChars} characters), so its items are left out and the call to go on fetches it again`;

/**
 * Stripe's next page starts after an id: the call that goes on after the last item kept of a page `maxItems` cut, so
 * the rest of that page is not skipped.
 */
function nextAfterLastKept({
  page,
  body,
  kept,
  call,
  baseUrl,
  operation,
}: {
  page: ToolResult;
  body: unknown;
  kept: unknown[];
  call: PageCall;
  baseUrl: URL;
  operation: IndexedOperation | undefined;
}): ReturnType<typeof findNextPage> {
  return findNextPage({
    headers: page.headers,
    body: { ...(body as Record<string, unknown>), has_more: true, data: kept },
    responseUrl: page.request.url,
    call,
    baseUrl,
    operation,
  });
}
