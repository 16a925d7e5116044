import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerSourceCaller } from "../../test/bearer-source-caller";

const token = "tok_next_call_5c1d7e20";
let upstream: Upstream;
const apiVersion = "2024-01-01";

/** Items 1 to 6, two a page: page `page` (1-based) of them as `{ id }`, ids as numbers. */
const numberedPage = (page: number): { id: number }[] => [1, 2].map((index) => ({ id: (page - 1) * 2 + index }));

beforeAll(async () => {
  upstream = await startUpstream((_request, response, recorded) => {
    if (recorded.path === "/numeric-stripe") {
      // Stripe-style, with numeric ids: the next page starts after the id of the last item.
      const after = Number(recorded.searchParams.get("starting_after") ?? "0");
      const page = after / 2 + 1;
      return sendJson(response, 200, { object: "list", data: numberedPage(page), has_more: page < 3 });
    }
    if (recorded.path === "/resumed") {
      // A cursor walk whose server reads the first `cursor` it is sent: c2 is page 2, c3 page 3, the last.
      const page = Number((recorded.searchParams.get("cursor") ?? "c1").slice(1));
      return sendJson(response, 200, { items: numberedPage(page), next_cursor: page < 3 ? `c${page + 1}` : null });
    }
    if (recorded.path.startsWith("/odata/")) {
      // OData-style, under a base URL with `?api-version=2024-01-01`: strict about the version, sent once; its next
      // links (in the body, or in a Link header) repeat it.
      if (recorded.searchParams.getAll("api-version").join() !== apiVersion)
        return sendJson(response, 400, { error: "api-version must be given once" });
      const skip = Number(recorded.searchParams.get("$skip") ?? "0");
      const page = skip / 2 + 1;
      const next = `${upstream.origin}${recorded.path}?api-version=${apiVersion}&$skip=${skip + 2}`;
      if (recorded.path === "/odata/link")
        return sendJson(response, 200, numberedPage(page), page < 3 ? { link: `<${next}>; rel="next"` } : {});
      return sendJson(response, 200, { value: numberedPage(page), ...(page < 3 ? { "@odata.nextLink": next } : {}) });
    }
    if (recorded.path === "/titled-link") {
      // A Link header whose rel="next" follows a quoted title holding a comma and a semicolon.
      const page = Number(recorded.searchParams.get("page") ?? "1");
      const link = `<${upstream.origin}/titled-link?page=${page + 1}>; title="page ${page + 1}, of 3; next"; rel="next"`;
      return sendJson(response, 200, numberedPage(page), page < 3 ? { link } : {});
    }
    return sendJson(response, 404, { message: `no such page: ${recorded.path}` });
  });
}, 60_000);
afterAll(async () => {
  await upstream.close();
});

const call = bearerSourceCaller({ slug: "nextcall", name: "Next call", origin: () => upstream.origin, token });
const sentSince = (before: number): string[] => upstream.requests.slice(before).map((request) => request.url);
const dataIds = (result: Awaited<ReturnType<typeof call>>): unknown[] =>
  result.body.kind === "json" ? (result.body.value as { data: { id: unknown }[] }).data.map((item) => item.id) : [];

describe("paginate: Stripe's has_more and starting_after", () => {
  it("follows has_more with a numeric id of the last item as starting_after", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/numeric-stripe", paginate: {} });
    expect(result.pagination).toEqual({ pages: 3, items: 6, more: false, style: "starting-after" });
    expect(sentSince(before)).toEqual([
      "/numeric-stripe",
      "/numeric-stripe?starting_after=2",
      "/numeric-stripe?starting_after=4",
    ]);
    expect(dataIds(result)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe("paginate: a walk resumed from a path whose query string has the page's parameter", () => {
  it("replaces the cursor in the path with the next page's, keeping the path's other parameters", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/resumed?limit=2&cursor=c2", paginate: {} });
    expect(result.pagination).toEqual({ pages: 2, items: 4, more: false, style: "cursor" });
    expect(sentSince(before)).toEqual(["/resumed?limit=2&cursor=c2", "/resumed?limit=2&cursor=c3"]);
  });

  it("replaces starting_after in the path with the next page's", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/numeric-stripe?starting_after=2", paginate: {} });
    expect(result.pagination).toEqual({ pages: 2, items: 4, more: false, style: "starting-after" });
    expect(sentSince(before)).toEqual(["/numeric-stripe?starting_after=2", "/numeric-stripe?starting_after=4"]);
    expect(dataIds(result)).toEqual([3, 4, 5, 6]);
  });
});

describe("paginate: a base URL with a query string", () => {
  const odata = (): { api: { baseUrl: string } } => ({
    api: { baseUrl: `${upstream.origin}/odata?api-version=${apiVersion}` },
  });
  const threePages = (path: string): string[] =>
    [0, 2, 4].map((skip) => `${path}?api-version=${apiVersion}${skip === 0 ? "" : `&$skip=${skip}`}`);

  it.each([
    { path: "/items", style: "body-url", items: (value: unknown) => (value as { value: unknown }).value },
    { path: "/link", style: "link-header", items: (value: unknown) => value },
  ])("sends the base query once on every page of $style next links that repeat it", async ({ path, style, items }) => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path, paginate: {} }, odata());
    expect(result.pagination).toEqual({ pages: 3, items: 6, more: false, style });
    expect(sentSince(before)).toEqual(threePages(`/odata${path}`));
    expect(items(result.body.kind === "json" ? result.body.value : undefined)).toEqual([1, 2, 3].flatMap(numberedPage));
  });

  it("leaves the base query out of the next path and of the call to go on", async () => {
    const single = await call({ method: "GET", path: "/link" }, odata());
    expect(single.nextPath).toBe("/link?%24skip=2");
    const stopped = await call({ method: "GET", path: "/items", paginate: { maxPages: 1 } }, odata());
    expect(stopped.pagination?.next).toEqual({ method: "GET", path: "/items?$skip=2" });
  });
});

describe("paginate: a Link header", () => {
  it('finds rel="next" after a quoted parameter that holds a comma and a semicolon', async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/titled-link", paginate: {} });
    expect(result.pagination).toEqual({ pages: 3, items: 6, more: false, style: "link-header" });
    expect(sentSince(before)).toEqual(["/titled-link", "/titled-link?page=2", "/titled-link?page=3"]);
    expect(result.body).toEqual({ kind: "json", value: [1, 2, 3].flatMap(numberedPage) });
  });

  it("gives the next path of such a header without paginate", async () => {
    const result = await call({ method: "GET", path: "/titled-link" });
    expect(result.nextPath).toBe("/titled-link?page=2");
  });
});
