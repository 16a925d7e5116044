import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerSourceCaller } from "../../test/bearer-source-caller";

const token = "tok_page_shapes_4b3a2918";
let upstream: Upstream;

/** Page `page` (1-based) of a list of two items a page: `{ id: "<name>-<page>-<index>" }`. */
const pageOf = (name: string, page: number): { id: string }[] =>
  [0, 1].map((index) => ({ id: `${name}-${page}-${index}` }));

/**
 * The cursor a page carries, by path: page 1 gives a real cursor, page 2 the end as that API writes it. A cursor of 0
 * (or "0") sent back is the first page again, as it is for the APIs that write the end so: a walk that follows it
 * fetches page 1 twice.
 */
const cursorEnds: Record<string, { real: string | number; end: unknown }> = {
  "/zero": { real: 1_700_000_000, end: 0 },
  "/zero-string": { real: "1700000000", end: "0" },
  "/empty": { real: "c2", end: "" },
  "/null": { real: "c2", end: null },
};

/**
 * The pages under `/api/v1` whose next URL is relative, three pages of two items: `?page=N`, `list?page=N` and
 * `./list?page=N` next to the page; `/api/v1/hop` points to `deep/list?page=2`, whose own `?page=3` is `deep/list`'s
 * page 3 (resolved against the page that carried it, not the first); `/api/v1/climb` points out of the base path.
 */
function relativeNext(path: string, page: number): Record<string, unknown> | undefined {
  const next = (reference: string): string | null => (page < 3 ? reference.replace("N", String(page + 1)) : null);
  switch (path) {
    case "/api/v1/query":
      return { data: pageOf("query", page), links: { next: next("?page=N") } };
    case "/api/v1/list":
      return { data: pageOf("list", page), next: next("list?page=N") };
    case "/api/v1/dot":
      return { data: pageOf("dot", page), next: next("./dot?page=N") };
    case "/api/v1/hop":
      return { data: pageOf("hop", page), next: "deep/list?page=2" };
    case "/api/v1/deep/list":
      return { data: pageOf("hop", page), next: next("?page=N") };
    case "/api/v1/climb":
      return { data: pageOf("climb", page), next: "../../other?page=2" };
    case "/api/v1/sibling":
      return { data: pageOf("sibling", page), next: "../v2/sibling?page=2" };
    case "/api/v1/encoded":
      // A next link the builder refuses (an encoded "/" in the path): never sent, and no call to go on with.
      return { data: pageOf("encoded", page), next: "..%2Fadmin?page=2" };
    case "/api/v1/token":
      // A cursor in `next`, not a URL: a bare word is not taken for a relative path.
      return { data: pageOf("token", page), next: "eyJwYWdlIjoyfQ==/x" };
    default:
      return undefined;
  }
}

/** Page `page` of a HAL collection (Spring Data REST's shape): the orders under `_embedded`, the links under `_links`. */
function halPage(page: number): Record<string, unknown> {
  const href = (number: number): { href: string } => ({ href: `/api/v1/orders?page=${number}` });
  return {
    _links: { self: href(page), ...(page < 3 ? { next: href(page + 1) } : {}) },
    _embedded: { orders: pageOf("order", page) },
    page: { size: 2, number: page, totalPages: 3 },
  };
}

beforeAll(async () => {
  upstream = await startUpstream((_request, response, recorded) => {
    const cursor = recorded.searchParams.get("cursor");
    const ending = cursorEnds[recorded.path];
    if (ending !== undefined) {
      const page = cursor === null || cursor === "0" ? 1 : 2;
      return sendJson(response, 200, {
        items: pageOf(recorded.path.slice(1), page),
        next_cursor: page === 1 ? ending.real : ending.end,
      });
    }
    if (recorded.path === "/has-more-false") {
      // Notion-like: has_more says whether more follow; this API also fills next_cursor on its last page.
      const page = cursor === null ? 1 : Number(cursor.slice(1));
      return sendJson(response, 200, { items: pageOf("more", page), has_more: page < 2, next_cursor: `c${page + 1}` });
    }
    if (recorded.path === "/echoed-cursor") {
      // The end in next_cursor, and the cursor of the page itself echoed in `cursor`: not a next page.
      return sendJson(response, 200, { items: pageOf("echoed", 1), cursor: cursor ?? "c1", next_cursor: null });
    }
    if (recorded.path === "/several-arrays") {
      // No usual list name: page 1's longest array is `users`, page 2's is `warnings`.
      return cursor === null
        ? sendJson(response, 200, { users: pageOf("user", 1), warnings: [], next_cursor: "c2" })
        : sendJson(response, 200, { users: [{ id: "user-2-0" }], warnings: ["deprecated", "slow"], next_cursor: null });
    }
    if (recorded.path === "/api/v1/no-orders")
      // An empty HAL collection: HAL leaves out the empty `_embedded`.
      return sendJson(response, 200, { _links: { self: { href: "/api/v1/no-orders" } }, page: { totalElements: 0 } });
    if (recorded.path === "/null-data") return sendJson(response, 200, { data: null, next_cursor: null });
    if (recorded.path === "/late-list") {
      // No list on page 1 (`data: null`), yet a cursor to page 2, which has one.
      return cursor === null
        ? sendJson(response, 200, { data: null, next_cursor: "c2" })
        : sendJson(response, 200, { data: pageOf("late", 2), next_cursor: null });
    }
    if (recorded.path === "/api/v1/sparse-orders") {
      // HAL leaves out an empty _embedded: the last page has links and counts, and no orders.
      const page = Number(recorded.searchParams.get("page") ?? "1");
      const href = (number: number): { href: string } => ({ href: `/api/v1/sparse-orders?page=${number}` });
      return sendJson(response, 200, {
        _links: { self: href(page), ...(page < 3 ? { next: href(page + 1) } : {}) },
        ...(page < 3 ? { _embedded: { orders: pageOf("order", page) } } : {}),
        page: { size: 2, number: page, totalElements: 4 },
      });
    }
    if (recorded.path === "/api/v1/hal-array") {
      // HAL allows a relation to be an array of links; this page also embeds a short list of its own beside the orders.
      const page = Number(recorded.searchParams.get("page") ?? "1");
      return sendJson(response, 200, {
        _links: { self: { href: `?page=${page}` }, ...(page < 3 ? { next: [{ href: `?page=${page + 1}` }] } : {}) },
        _embedded: { orders: [...pageOf("order", page), { id: `order-${page}-2` }], couriers: [{ id: "c" }] },
      });
    }
    if (recorded.path === "/api/v1/Patient") {
      // A FHIR Bundle: the items in `entry`, the links in `link` with `relation` and `url` (three of them, more than the entries).
      const page = Number(recorded.searchParams.get("page") ?? "1");
      const link = (relation: string, number: number): { relation: string; url: string } => ({
        relation,
        url: `${upstream.origin}/api/v1/Patient?page=${number}`,
      });
      return sendJson(response, 200, {
        resourceType: "Bundle",
        type: "searchset",
        link: [link("self", page), link("first", 1), ...(page < 3 ? [link("next", page + 1)] : [])],
        entry: pageOf("patient", page).map((resource) => ({ resource })),
      });
    }
    if (recorded.path === "/api/v1/orders")
      return sendJson(response, 200, halPage(Number(recorded.searchParams.get("page") ?? "1")), {
        "content-type": "application/hal+json",
      });
    const relative = relativeNext(recorded.path, Number(recorded.searchParams.get("page") ?? "1"));
    if (relative !== undefined) return sendJson(response, 200, relative);
    return sendJson(response, 404, { message: `no such page: ${recorded.path}` });
  });
}, 60_000);
afterAll(async () => {
  await upstream.close();
});

const call = bearerSourceCaller({ slug: "shapes", name: "Shapes", origin: () => upstream.origin, token });
const idsOf = (result: Awaited<ReturnType<typeof call>>): string[] =>
  result.body.kind === "json" ? (result.body.value as { items: { id: string }[] }).items.map((item) => item.id) : [];
const sentSince = (before: number): string[] => upstream.requests.slice(before).map((request) => request.url);

describe("paginate: a cursor that says the end", () => {
  it.each([
    { path: "/zero", real: "1700000000", end: "0 (a number)" },
    { path: "/zero-string", real: "1700000000", end: '"0"' },
    { path: "/empty", real: "c2", end: '""' },
    { path: "/null", real: "c2", end: "null" },
  ])("$path: follows the cursor $real, and stops at $end without fetching page 1 again", async ({ path, real }) => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path, paginate: {} });
    expect(result.pagination).toEqual({ pages: 2, items: 4, more: false, style: "cursor" });
    expect(sentSince(before)).toEqual([path, `${path}?cursor=${real}`]);
    const name = path.slice(1);
    expect(idsOf(result)).toEqual([`${name}-1-0`, `${name}-1-1`, `${name}-2-0`, `${name}-2-1`]);
  });

  it("takes the first cursor field the body has: next_cursor null is the end, even next to a cursor field", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/echoed-cursor", paginate: {} });
    expect(result.pagination).toEqual({ pages: 1, items: 2, more: false });
    expect(sentSince(before)).toEqual(["/echoed-cursor"]);
  });
});

describe("paginate: has_more false", () => {
  it("ends the walk when the page says has_more: false, whatever cursor it also carries", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/has-more-false", paginate: { maxPages: 5 } });
    expect(idsOf(result)).toEqual(["more-1-0", "more-1-1", "more-2-0", "more-2-1"]);
    expect(result.pagination).toMatchObject({ pages: 2, more: false });
    expect(sentSince(before)).toEqual(["/has-more-false", "/has-more-false?cursor=c2"]);
  });
});

describe("paginate: a page with several arrays", () => {
  it("takes a later page's items from the field the first page's came from, even when another array is longer", async () => {
    const result = await call({ method: "GET", path: "/several-arrays", paginate: {} });
    expect(result.pagination).toEqual({ pages: 2, items: 3, more: false, style: "cursor" });
    expect(result.body).toEqual({
      kind: "json",
      value: { users: [...pageOf("user", 1), { id: "user-2-0" }], warnings: ["deprecated", "slow"], next_cursor: null },
    });
  });
});

describe("paginate: a first page that holds no list", () => {
  it.each([
    {
      path: "/no-orders",
      body: { _links: { self: { href: "/api/v1/no-orders" } }, page: { totalElements: 0 } },
      baseUrl: "/api/v1",
    },
    { path: "/null-data", body: { data: null, next_cursor: null }, baseUrl: "" },
  ])("$path is the envelope as it is, with no item", async ({ path, body, baseUrl }) => {
    const result = await call(
      { method: "GET", path, paginate: {} },
      { api: { baseUrl: `${upstream.origin}${baseUrl}` } },
    );
    expect(result.pagination).toEqual({ pages: 1, items: 0, more: false });
    expect(result.body).toEqual({ kind: "json", value: body });
  });

  it("joins the items of a later page that has the list, in that page's envelope", async () => {
    const result = await call({ method: "GET", path: "/late-list", paginate: {} });
    expect(result.pagination).toEqual({ pages: 2, items: 2, more: false, style: "cursor" });
    expect(result.body).toEqual({ kind: "json", value: { data: pageOf("late", 2), next_cursor: null } });
  });
});

describe("paginate: a relative next URL in the body", () => {
  const inBasePath = (): { api: { baseUrl: string } } => ({ api: { baseUrl: `${upstream.origin}/api/v1` } });
  const dataIds = (result: Awaited<ReturnType<typeof call>>): string[] =>
    result.body.kind === "json" ? (result.body.value as { data: { id: string }[] }).data.map((item) => item.id) : [];
  const threePages = (name: string): string[] =>
    [1, 2, 3].flatMap((page) => [`${name}-${page}-0`, `${name}-${page}-1`]);

  it.each([
    { path: "/query", reference: "?page=2", sent: ["/api/v1/query", "/api/v1/query?page=2", "/api/v1/query?page=3"] },
    { path: "/list", reference: "list?page=2", sent: ["/api/v1/list", "/api/v1/list?page=2", "/api/v1/list?page=3"] },
    { path: "/dot", reference: "./dot?page=2", sent: ["/api/v1/dot", "/api/v1/dot?page=2", "/api/v1/dot?page=3"] },
  ])("follows $reference, resolved against the page's URL", async ({ path, sent }) => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path, paginate: {} }, inBasePath());
    expect(result.pagination).toEqual({ pages: 3, items: 6, more: false, style: "body-url" });
    expect(sentSince(before)).toEqual(sent);
    expect(dataIds(result)).toEqual(threePages(path.slice(1)));
    for (const request of upstream.requests.slice(before))
      expect(request.headers.authorization).toBe(`Bearer ${token}`);
  });

  it("resolves each relative URL against the page that carried it, not against the first", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/hop", paginate: {} }, inBasePath());
    expect(result.pagination).toMatchObject({ pages: 3, items: 6, more: false });
    expect(sentSince(before)).toEqual(["/api/v1/hop", "/api/v1/deep/list?page=2", "/api/v1/deep/list?page=3"]);
  });

  it.each([
    { path: "/climb", reference: "../../other?page=2", left: "/other" },
    { path: "/sibling", reference: "../v2/sibling?page=2", left: "/api/v2/sibling" },
  ])("stops at $reference, which climbs out of the base path, and says so", async ({ path, left }) => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path, paginate: {} }, inBasePath());
    expect(result.pagination).toMatchObject({
      pages: 1,
      items: 2,
      more: true,
      stoppedBecause: "the next page leaves the source's base URL",
    });
    expect(result.pagination?.next).toBeUndefined();
    expect(result.note).toContain(
      `the next page (${upstream.origin}${left}) leaves the source's base URL and was not followed`,
    );
    expect(sentSince(before)).toEqual([`/api/v1${path}`]);
  });

  it("stops at an API link the tool refuses, sends nothing for it, and offers no call to go on with", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/encoded", paginate: {} }, inBasePath());
    expect(sentSince(before)).toEqual(["/api/v1/encoded"]);
    expect(result.pagination).toMatchObject({ pages: 1, items: 2, more: true });
    expect(result.pagination?.next).toBeUndefined();
    expect(result.pagination?.stoppedBecause).toContain(
      `the API's link to page 2 ("/..%2Fadmin?page=2") is not a call the tool sends, so it was not sent`,
    );
  });

  it("takes a bare word in next for a cursor, not a path: nothing more is fetched", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/token", paginate: {} }, inBasePath());
    expect(result.pagination).toEqual({ pages: 1, items: 2, more: false });
    expect(sentSince(before)).toEqual(["/api/v1/token"]);
  });
});

describe("paginate: HAL (_links.next.href, the items under _embedded)", () => {
  const inBasePath = (): { api: { baseUrl: string } } => ({ api: { baseUrl: `${upstream.origin}/api/v1` } });
  const orders = (pages: number[]): { id: string }[] => pages.flatMap((page) => pageOf("order", page));

  it("follows _links.next.href and joins the orders of every page under _embedded, in the last page's envelope", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/orders", paginate: {} }, inBasePath());
    expect(result.pagination).toEqual({ pages: 3, items: 6, more: false, style: "body-url" });
    expect(sentSince(before)).toEqual(["/api/v1/orders", "/api/v1/orders?page=2", "/api/v1/orders?page=3"]);
    expect(result.body).toEqual({
      kind: "json",
      value: {
        _links: { self: { href: "/api/v1/orders?page=3" } },
        _embedded: { orders: orders([1, 2, 3]) },
        page: { size: 2, number: 3, totalPages: 3 },
      },
    });
  });

  it("joins no item of a last page that leaves out its empty _embedded", async () => {
    const result = await call({ method: "GET", path: "/sparse-orders", paginate: {} }, inBasePath());
    expect(result.pagination).toMatchObject({ pages: 3, items: 4, more: false });
    // The envelope is the last page's (no next link), with the orders in their place.
    expect(result.body).toEqual({
      kind: "json",
      value: {
        _links: { self: { href: "/api/v1/sparse-orders?page=3" } },
        _embedded: { orders: orders([1, 2]) },
        page: { size: 2, number: 3, totalElements: 4 },
      },
    });
  });

  it("with select, joins no null for a last page that leaves out its empty _embedded", async () => {
    const result = await call(
      { method: "GET", path: "/sparse-orders", paginate: {}, select: "_embedded.orders[].id" },
      inBasePath(),
    );
    expect(result.pagination).toMatchObject({ pages: 3, items: 4, more: false });
    expect(result.body).toEqual({ kind: "json", value: orders([1, 2]).map((order) => order.id) });
  });

  it("counts maxItems in the orders under _embedded, and goes on with the page it cut", async () => {
    const result = await call({ method: "GET", path: "/orders", paginate: { maxItems: 3 } }, inBasePath());
    expect(result.pagination).toMatchObject({ pages: 2, items: 3, more: true, next: { path: "/orders?page=2" } });
    const value = result.body.kind === "json" ? (result.body.value as { _embedded: { orders: unknown } }) : undefined;
    expect(value?._embedded.orders).toEqual(orders([1, 2]).slice(0, 3));
  });
});

describe("paginate: links in arrays (HAL's array of links, FHIR's link with relation)", () => {
  const inBasePath = (): { api: { baseUrl: string } } => ({ api: { baseUrl: `${upstream.origin}/api/v1` } });

  it("follows HAL's _links.next given as an array, and takes the orders among several embedded arrays", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/hal-array", paginate: {} }, inBasePath());
    expect(result.pagination).toEqual({ pages: 3, items: 9, more: false, style: "body-url" });
    expect(sentSince(before)).toEqual(["/api/v1/hal-array", "/api/v1/hal-array?page=2", "/api/v1/hal-array?page=3"]);
    const value =
      result.body.kind === "json" ? (result.body.value as { _embedded: { orders: { id: string }[] } }) : undefined;
    expect(value?._embedded.orders.map((order) => order.id)).toEqual(
      [1, 2, 3].flatMap((page) => [`order-${page}-0`, `order-${page}-1`, `order-${page}-2`]),
    );
  });

  it("follows a FHIR Bundle's link with relation next and joins its entries, not its links", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/Patient", paginate: {} }, inBasePath());
    expect(result.pagination).toEqual({ pages: 3, items: 6, more: false, style: "body-url" });
    expect(sentSince(before)).toEqual(["/api/v1/Patient", "/api/v1/Patient?page=2", "/api/v1/Patient?page=3"]);
    const value =
      result.body.kind === "json" ? (result.body.value as { entry: { resource: { id: string } }[] }) : undefined;
    expect(value?.entry.map((entry) => entry.resource.id)).toEqual(
      [1, 2, 3].flatMap((page) => [`patient-${page}-0`, `patient-${page}-1`]),
    );
  });
});
