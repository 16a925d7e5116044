import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerSourceCaller } from "../../test/bearer-source-caller";

const token = "tok_page_shapes_4b3a2918";
let upstream: Upstream;

/** Page `page` (1-based) of a list of two items a page: `{ id: "<name>-<page>-<index>" }`. */
const itemsOf = (name: string, page: number): { id: string }[] =>
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

beforeAll(async () => {
  upstream = await startUpstream((_request, response, recorded) => {
    const cursor = recorded.searchParams.get("cursor");
    const ending = cursorEnds[recorded.path];
    if (ending !== undefined) {
      const page = cursor === null || cursor === "0" ? 1 : 2;
      return sendJson(response, 200, {
        items: itemsOf(recorded.path.slice(1), page),
        next_cursor: page === 1 ? ending.real : ending.end,
      });
    }
    if (recorded.path === "/echoed-cursor") {
      // The end in next_cursor, and the cursor of the page itself echoed in `cursor`: not a next page.
      return sendJson(response, 200, { items: itemsOf("echoed", 1), cursor: cursor ?? "c1", next_cursor: null });
    }
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
