import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearerSourceCaller } from "../../test/bearer-source-caller";

const token = "tok_paginate_budget_7c6b5a49";
let upstream: Upstream;

beforeAll(async () => {
  // Ten pages of two items, each answered after 300 ms, linked by `next`.
  upstream = await startUpstream((_request, response, recorded) => {
    const page = Number(recorded.searchParams.get("page") ?? "1");
    setTimeout(
      () =>
        sendJson(response, 200, {
          data: [0, 1].map((index) => ({ id: `slow-${page}-${index}` })),
          next: page < 10 ? `/slow?page=${page + 1}` : null,
        }),
      300,
    );
  });
}, 60_000);
afterAll(async () => {
  await upstream.close();
});

const call = bearerSourceCaller({ slug: "slow", name: "Slow", origin: () => upstream.origin, token });

describe("a walk of pages shares one time budget", () => {
  it("stops where the call's budget (api.timeoutMs × (api.retries + 1)) runs out, with the items so far and the call to go on", async () => {
    const result = await call(
      { method: "GET", path: "/slow", paginate: { maxPages: 10 } },
      { api: { timeoutMs: 1000, retries: 0 } },
    );
    // About three pages fit in 1000 ms; the next is cut when the budget ends, and the other pages are not asked for.
    expect(result.pagination).toMatchObject({
      more: true,
      next: { method: "GET", path: expect.stringMatching(/^\/slow\?page=\d$/) },
    });
    expect(result.pagination!.pages).toBeGreaterThanOrEqual(2);
    expect(result.pagination!.pages).toBeLessThan(10);
    expect(result.pagination!.stoppedBecause).toMatch(
      /TIMEOUT: the pages used up the call's time budget of 1000 ms|time budget of 1000 ms .* ran out after page/,
    );
    expect(result.body.kind).toBe("json");
    const items = (result.body as { value: { data: { id: string }[] } }).value.data;
    expect(items.length).toBe(result.pagination!.items);
    expect(items[0]).toEqual({ id: "slow-1-0" });
  });

  it("gives a walk whose pages are quick every page it asks for", async () => {
    const result = await call(
      { method: "GET", path: "/slow", paginate: { maxPages: 3 } },
      { api: { timeoutMs: 5000, retries: 0 } },
    );
    expect(result.pagination).toMatchObject({ pages: 3, items: 6, more: true, stoppedBecause: "maxPages (3) reached" });
  });
});
