import { createPagedApiHandler, pagedApiPageSize, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerSourceCaller } from "../../test/bearer-source-caller";
import { apiToolInputSchema } from "./agent-input";

const token = "tok_shorthand_71c2d3e4";
let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream(createPagedApiHandler());
}, 60_000);
afterAll(async () => {
  await upstream.close();
});

const call = bearerSourceCaller({ slug: "shorthand", name: "Shorthand", origin: () => upstream.origin, token });
const sentSince = (before: number): string[] => upstream.requests.slice(before).map((request) => request.url);

describe("paginate: true and false", () => {
  it("true follows the pages with the defaults, as {} does", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/api/cursor", paginate: true });
    expect(result.ok).toBe(true);
    expect(result.pagination).toEqual({ pages: 3, items: 3 * pagedApiPageSize, more: false, style: "cursor" });
    expect(sentSince(before)).toEqual(["/api/cursor", "/api/cursor?cursor=token-2", "/api/cursor?cursor=token-3"]);
  });

  it("false sends the one request, as if paginate were not given", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/api/cursor", paginate: false });
    expect(result.ok).toBe(true);
    expect(result.error).toBeUndefined();
    expect(result.pagination).toBeUndefined();
    expect(sentSince(before)).toEqual(["/api/cursor"]);
  });

  it("false goes with any method, since nothing is followed", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "POST", path: "/api/cursor", body: {}, paginate: false });
    expect(result.error).toBeUndefined();
    expect(result.pagination).toBeUndefined();
    expect(upstream.requests.slice(before).map((request) => request.method)).toEqual(["POST"]);
  });

  it("false goes with resultRef, since nothing is followed: the stored result is looked up", async () => {
    const result = await call({ resultRef: "r1_no_such_result", paginate: false });
    expect(result.error?.code).toBe("INVALID_CALL");
    expect(result.error?.message).toContain("resultRef");
    expect(result.error?.message).not.toContain("paginate");
  });

  it.each([
    { paginate: "yes", field: "paginate", says: "paginate: must be true, false or an object { maxPages?, maxItems? }" },
    { paginate: 3, field: "paginate", says: "paginate: must be true, false or an object { maxPages?, maxItems? }" },
    {
      paginate: { maxPages: 0 },
      field: "paginate.maxPages",
      says: "paginate.maxPages: must be a whole number from 1 to 1000",
    },
    {
      paginate: { maxPages: 2.5 },
      field: "paginate.maxPages",
      says: "paginate.maxPages: must be a whole number from 1 to 1000",
    },
    {
      paginate: { maxPages: "3" },
      field: "paginate.maxPages",
      says: "paginate.maxPages: must be a whole number from 1 to 1000",
    },
    {
      paginate: { maxItems: -1 },
      field: "paginate.maxItems",
      says: "paginate.maxItems: must be a whole number of at least 1",
    },
    { paginate: { pages: 2 }, field: "paginate", says: 'paginate: Unrecognized key: "pages"' },
  ])("$paginate is INVALID_CALL naming $field, before anything is sent", async ({ paginate, field, says }) => {
    const before = upstream.requests.length;
    const result = await call({ method: "GET", path: "/api/cursor", paginate });
    expect(result.error).toMatchObject({ code: "INVALID_CALL", message: expect.stringContaining(says) });
    expect(result.error?.message).toContain(`invalid call: ${field}:`);
    expect(result.error?.message).toContain('send "paginate": true (or {}) or {"maxPages": 3, "maxItems": 100}');
    expect(sentSince(before)).toEqual([]);
  });

  it.each([1.5, -1, "10"])(
    "offset %j with a resultRef is INVALID_CALL saying it must be a whole number",
    async (offset) => {
      const result = await call({ resultRef: "r1_no_such_result", offset });
      expect(result.error).toMatchObject({
        code: "INVALID_CALL",
        message: expect.stringContaining("offset: must be a whole number of at least 0"),
      });
    },
  );

  it("the tool's zod input schema (inputZodSchema) takes true and false", () => {
    for (const paginate of [true, false, {}, { maxPages: 2 }])
      expect(
        apiToolInputSchema.safeParse({ method: "GET", path: "/items", paginate }).success,
        JSON.stringify(paginate),
      ).toBe(true);
  });
});
