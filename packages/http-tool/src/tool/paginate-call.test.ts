import type { OperationCatalog } from "@src/openapi";
import {
  createPagedApiHandler,
  pagedApiPageSize,
  pagedApiPages,
  sendJson,
  startUpstream,
  type Upstream,
} from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatToolResult } from "../result/format-tool-result";
import { bearerSourceCaller } from "../../test/bearer-source-caller";
import { documentOf, jsonResponses, loadOperationCatalog } from "../../test/operation-catalog";

const token = "tok_pages_9f8e7d6c";
let upstream: Upstream;
let other: Upstream;
let operations: OperationCatalog;

beforeAll(async () => {
  other = await startUpstream(undefined, { host: "127.0.0.2" });
  upstream = await startUpstream(createPagedApiHandler({ otherOrigin: other.origin, failingPage: 2 }));
  const document = documentOf("Paged", {
    paths: {
      "/api/document": {
        get: {
          operationId: "listEntries",
          parameters: [{ name: "page_token", in: "query", schema: { type: "string" } }],
          responses: jsonResponses({
            type: "object",
            properties: {
              entries: { type: "array" },
              meta: { type: "object", properties: { next_page_token: { type: "string" } } },
            },
          }),
        },
      },
    },
  });
  operations = await loadOperationCatalog(document);
}, 60_000);
afterAll(async () => {
  await upstream.close();
  await other.close();
});

const call = bearerSourceCaller({ slug: "paged", name: "Paged", origin: () => upstream.origin, token });
const ids = (value: unknown): string[] => (value as { id: string }[]).map((item) => item.id);
const allIds = Array.from({ length: pagedApiPages * pagedApiPageSize }, (_, index) => `item_${index + 1}`);

describe("paginate: every style, three pages", () => {
  it.each([
    { style: "link-header", path: "/api/link", list: (value: unknown) => value },
    { style: "body-url", path: "/api/next-url", list: (value: unknown) => (value as { items: unknown }).items },
    { style: "body-url", path: "/api/links-next", list: (value: unknown) => (value as { data: unknown }).data },
    { style: "body-url", path: "/api/odata", list: (value: unknown) => (value as { value: unknown }).value },
    { style: "body-url", path: "/api/paging", list: (value: unknown) => (value as { data: unknown }).data },
    { style: "cursor", path: "/api/cursor", list: (value: unknown) => (value as { items: unknown }).items },
    { style: "cursor", path: "/api/slack", list: (value: unknown) => (value as { channels: unknown }).channels },
    { style: "cursor", path: "/api/google", list: (value: unknown) => (value as { files: unknown }).files },
    { style: "starting-after", path: "/api/stripe", list: (value: unknown) => (value as { data: unknown }).data },
  ])(
    "$path ($style) joins the items of all $style pages, each request sent with the credential",
    async ({ style, path, list }) => {
      const before = upstream.requests.length;
      const result = await call({ method: "GET", path, paginate: {} });
      expect(result.ok).toBe(true);
      expect(result.pagination).toMatchObject({ pages: pagedApiPages, items: allIds.length, more: false, style });
      expect(result.body.kind).toBe("json");
      expect(ids(list(result.body.kind === "json" ? result.body.value : undefined))).toEqual(allIds);
      const sent = upstream.requests.slice(before);
      expect(sent).toHaveLength(pagedApiPages);
      for (const request of sent) expect(request.headers.authorization).toBe(`Bearer ${token}`);
      expect(JSON.stringify(result)).not.toContain(token);
    },
  );

  it("follows the document's own hint (page_token and meta.next_page_token), which no generic rule knows", async () => {
    const without = await call({ method: "GET", path: "/api/document", paginate: {} });
    expect(without.pagination).toMatchObject({ pages: 1, more: false });
    const result = await call({ method: "GET", path: "/api/document", paginate: {} }, { operations });
    expect(result.pagination).toMatchObject({ pages: 3, items: 12, more: false, style: "document" });
    expect(upstream.requests.at(-1)?.searchParams.get("page_token")).toBe("token-3");
  });
});

describe("paginate: the joined body's envelope", () => {
  it("is the last page's: its cursor and has_more agree with the report, not page 1's", async () => {
    const stripe = await call({ method: "GET", path: "/api/stripe", paginate: {} });
    expect(stripe.pagination).toMatchObject({ more: false });
    expect(stripe.body).toMatchObject({ kind: "json", value: { object: "list", has_more: false } });

    const cursor = await call({ method: "GET", path: "/api/cursor", paginate: { maxPages: 2 } });
    expect(cursor.pagination).toMatchObject({ pages: 2, more: true, next: { query: { cursor: "token-3" } } });
    const value =
      cursor.body.kind === "json" ? (cursor.body.value as { next_cursor: unknown; items: unknown }) : undefined;
    expect(value?.next_cursor).toBe("token-3");
    expect(ids(value?.items)).toEqual(allIds.slice(0, 2 * pagedApiPageSize));
  });

  it("the call to go on carries the walk's select, so the next pages come in the same shape", async () => {
    const first = await call({ method: "GET", path: "/api/cursor", paginate: { maxPages: 1 }, select: "items[].id" });
    expect(first.selected).toBe("items[].id");
    expect(first.pagination?.next).toMatchObject({ method: "GET", path: "/api/cursor", select: "items[].id" });
    const rest = await call({ ...first.pagination!.next!, paginate: {} });
    expect(rest.body).toEqual({ kind: "json", value: allIds.slice(pagedApiPageSize) });
    expect(formatToolResult(first)).toContain(`"select":"items[].id"} and paginate again`);
  });

  it("a select that fails on the first page shows that page as it is, and the report agrees with it", async () => {
    const result = await call({ method: "GET", path: "/api/cursor", paginate: {}, select: "sum(items)" });
    const value =
      result.body.kind === "json" ? (result.body.value as { items: unknown; next_cursor: unknown }) : undefined;
    expect(ids(value?.items)).toEqual(allIds.slice(0, pagedApiPageSize));
    expect(result.pagination).toEqual({
      pages: 1,
      items: pagedApiPageSize,
      more: true,
      next: { method: "GET", path: "/api/cursor", query: { cursor: value?.next_cursor } },
      style: "cursor",
      stoppedBecause: "select failed on the first page",
    });
    expect(result.note).toContain("the first page is shown without it");
  });

  it("carries the last page's headers: a Link header names the page after the last one fetched", async () => {
    const two = await call({ method: "GET", path: "/api/link", paginate: { maxPages: 2 } });
    expect(two.headers.link).toContain("page=3>");
    const all = await call({ method: "GET", path: "/api/link", paginate: {} });
    expect(all.pagination).toMatchObject({ pages: pagedApiPages, more: false });
    expect(all.headers.link).toBeUndefined();
  });
});

describe("paginate: limits and where it stops", () => {
  it("stops at maxPages (default 5, capped by api.maxPages) and says how to go on", async () => {
    const result = await call({ method: "GET", path: "/api/cursor", query: { limit: 4 }, paginate: { maxPages: 2 } });
    expect(result.pagination).toMatchObject({
      pages: 2,
      items: 8,
      more: true,
      stoppedBecause: "maxPages (2) reached",
      next: { method: "GET", path: "/api/cursor", query: { limit: 4, cursor: "token-3" } },
    });
    const capped = await call(
      { method: "GET", path: "/api/next-url", paginate: { maxPages: 10 } },
      { api: { maxPages: 1 } },
    );
    expect(capped.pagination).toMatchObject({ pages: 1, more: true, stoppedBecause: "maxPages (1) reached" });
    expect(capped.note).toContain("maxPages 10 was lowered to 1 (api.maxPages)");
    const next = capped.pagination?.next;
    const resumed = await call({ ...next, paginate: {} });
    expect(resumed.pagination).toMatchObject({ pages: 2, items: 8, more: false });
  });

  it("with Stripe's starting_after and maxItems, goes on after the last item kept, so nothing of the page is skipped", async () => {
    const first = await call({ method: "GET", path: "/api/stripe", paginate: { maxItems: 6 } });
    const firstIds = (first.body.kind === "json" ? (first.body.value as { data: { id: string }[] }).data : []).map(
      (item) => item.id,
    );
    expect(firstIds).toEqual(allIds.slice(0, 6));
    expect(first.pagination?.next).toEqual({
      method: "GET",
      path: "/api/stripe",
      query: { starting_after: allIds[5] },
    });
    const rest = await call({ ...first.pagination!.next!, paginate: {} });
    const restIds = (rest.body.kind === "json" ? (rest.body.value as { data: { id: string }[] }).data : []).map(
      (item) => item.id,
    );
    expect(restIds).toEqual(allIds.slice(6));
  });

  it("stops at maxItems, leaving out the rest of the page, and goes on with that page again so nothing is skipped", async () => {
    const result = await call({ method: "GET", path: "/api/google", paginate: { maxItems: 6 } });
    expect(result.pagination).toMatchObject({ pages: 2, items: 6, more: true });
    const kept = 6 - pagedApiPageSize;
    expect(result.pagination?.stoppedBecause).toBe(
      `maxItems (6) reached: the rest of page 2 was left out, and the call to go on fetches page 2 again, whose first ${kept} items are the last ones shown`,
    );
    const again = await call({ ...result.pagination!.next!, paginate: {} });
    const againIds = ids(again.body.kind === "json" ? (again.body.value as { files: unknown[] }).files : []);
    expect(againIds.slice(0, kept)).toEqual(allIds.slice(pagedApiPageSize, 6));
    const shown = ids(result.body.kind === "json" ? (result.body.value as { files: unknown[] }).files : []);
    expect([...shown, ...againIds.slice(kept)]).toEqual(allIds);
  });

  it("with Stripe, select and maxItems, does not claim to start after the last item kept: it fetches the cut page again", async () => {
    const result = await call({
      method: "GET",
      path: "/api/stripe",
      select: "data[].{id: id}",
      paginate: { maxItems: 6 },
    });
    expect(result.pagination?.stoppedBecause).toContain("the call to go on fetches page 2 again");
    expect(result.pagination?.stoppedBecause).not.toContain("starts after the last item kept");
  });

  it("keeps the joined items within maxResultChars: a page that would overflow them is left out, and next fetches it again", async () => {
    const result = await call(
      { method: "GET", path: "/api/links-next", paginate: { maxPages: 3 } },
      { api: { maxResultChars: 2000 } },
    );
    expect(result.pagination).toMatchObject({
      pages: 2,
      items: 4,
      more: true,
      stoppedBecause:
        "page 2 would take the joined items past api.maxResultChars (2000 characters), so its items are left out and the call to go on fetches it again",
    });
    // Every item the report counts is in the body, none hidden behind a cut, and the walk goes on from page 2.
    const body = result.body.kind === "json" ? (result.body.value as { data: { id: string }[] }) : { data: [] };
    expect(body.data.map((item) => item.id)).toEqual(allIds.slice(0, 4));
    expect(JSON.stringify(body).length).toBeLessThanOrEqual(2000);
    expect(result.truncated).toBeUndefined();
    const next = await call(
      { ...result.pagination!.next!, paginate: { maxPages: 1 } },
      { api: { maxResultChars: 2000 } },
    );
    const nextBody = next.body.kind === "json" ? (next.body.value as { data: { id: string }[] }) : { data: [] };
    expect(nextBody.data.map((item) => item.id)).toEqual(allIds.slice(4, 8));
  });

  it("applies select on each page before joining, so more pages fit", async () => {
    const result = await call(
      { method: "GET", path: "/api/links-next", select: "data[].{id: id, title: title}", paginate: {} },
      { api: { maxResultChars: 2000 } },
    );
    expect(result.selected).toBe("data[].{id: id, title: title}");
    expect(result.pagination).toMatchObject({ pages: 3, items: 12, more: false });
    expect(result.body).toEqual({ kind: "json", value: allIds.map((id) => ({ id, title: `Item ${id.slice(5)}` })) });
  });

  it("does not follow a next link to another origin, and says so", async () => {
    const before = other.requests.length;
    const result = await call({ method: "GET", path: "/api/outside", paginate: {} });
    expect(result.pagination).toMatchObject({
      pages: 1,
      items: pagedApiPageSize,
      more: true,
      stoppedBecause: "the next page leaves the source's base URL",
    });
    expect(result.pagination?.next).toBeUndefined();
    expect(result.note).toContain(
      `the next page (${other.origin}/api/outside) leaves the source's base URL and was not followed`,
    );
    expect(other.requests.length).toBe(before);
  });

  it("stops at once at a next link to the page just fetched, whether the call gave its query as query or in the path", async () => {
    const selfLinking = await startUpstream((_request, response, recorded) =>
      sendJson(response, 200, [{ id: `self_${recorded.path}` }], {
        link: `<${selfLinking.origin}/api/self?page=1&size=2>; rel="next"`,
      }),
    );
    try {
      const self = bearerSourceCaller({ slug: "self", name: "Self", origin: () => selfLinking.origin, token });
      for (const [index, shape] of [
        { path: "/api/self", query: { size: "2", page: "1" } },
        { path: "/api/self?page=1", query: { size: 2 } },
        { path: "/api/self?size=2&page=1" },
      ].entries()) {
        const result = await self({ method: "GET", ...shape, paginate: {} });
        expect(result.pagination, JSON.stringify(shape)).toMatchObject({
          pages: 1,
          items: 1,
          more: false,
          stoppedBecause: "the API pointed back to a page already fetched",
        });
        expect(selfLinking.requests).toHaveLength(index + 1);
      }
    } finally {
      await selfLinking.close();
    }
  });

  it("does not follow a next link outside the base path either", async () => {
    const result = await call(
      { method: "GET", path: "/../link", paginate: {} },
      { api: { baseUrl: `${upstream.origin}/api/link-only` } },
    );
    expect(result.error?.code).toBe("INVALID_CALL");
  });

  it("keeps the items of the pages before a page that fails, and says which page failed and how to retry", async () => {
    const result = await call({ method: "GET", path: "/api/flaky", paginate: {} });
    expect(result.ok).toBe(true);
    expect(result.pagination).toMatchObject({
      pages: 1,
      items: pagedApiPageSize,
      more: true,
      stoppedBecause: "page 2 answered HTTP 500 Internal Server Error",
    });
    expect(result.pagination?.next?.path).toBe("/api/flaky?page=2");
  });

  it("is refused with a method other than GET, before anything is sent", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "POST", path: "/api/link", body: {}, paginate: {} });
    expect(result.error).toMatchObject({
      code: "INVALID_CALL",
      message: expect.stringContaining("paginate follows GET calls only"),
    });
    expect(upstream.requests.length).toBe(before);
  });

  it("prints the pages, items and how to go on in the agent's text", async () => {
    const result = await call({ method: "GET", path: "/api/slack", paginate: { maxPages: 1 } });
    expect(formatToolResult(result)).toContain(
      'pages: 1 fetched, 4 items, more remain; stopped: maxPages (1) reached; to go on, call with {"method":"GET","path":"/api/slack","query":{"cursor":"token-2"}} and paginate again',
    );
  });
});
