import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authModes } from "../../test/auth-modes";
import { bindRunCall } from "../../test/run-call";
import { startUpstream, type Upstream } from "@src/http-tool/testing";

// One call has one time budget: api.timeoutMs × (api.retries + 1), shared by redirect hops, retries and backoff waits.
let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const hop = Number(/^\/v1\/slow-hop(\d+)$/.exec(url.pathname)?.[1] ?? "-1");
    if (hop >= 0) {
      // Each hop answers within one attempt's time-out, but six of them do not fit in the call's budget.
      setTimeout(() => {
        response.writeHead(302, { location: `/v1/slow-hop${hop + 1}` });
        response.end();
      }, 250);
      return;
    }
    if (url.pathname === "/v1/busy") {
      response.writeHead(503, { "retry-after": "60", "content-type": "text/plain" });
      return response.end("busy");
    }
    response.writeHead(404);
    response.end();
  });
});

afterAll(async () => {
  await upstream.close();
});

const send = bindRunCall(() => `${upstream.origin}/v1`, authModes[0]!);

describe("the call's time budget", () => {
  it("redirect hops share it: a slow chain stops with TIMEOUT before its sixth hop", async () => {
    const before = upstream.requests.length;
    const result = await send({ method: "GET", path: "/slow-hop0" }, { api: { timeoutMs: 300, retries: 1 } });
    expect(result).toMatchObject({ ok: false, error: { code: "TIMEOUT", retryable: true } });
    expect(result.error?.message).toMatch(/time budget of 600 ms \(api\.timeoutMs × \(api\.retries \+ 1\)\)/);
    expect(result.error?.message).toMatch(/attempt/);
    expect(upstream.requests.length - before).toBeLessThan(6);
  });

  it("a retry whose wait would end after the budget is not made; the result says TIMEOUT with the last status", async () => {
    const before = upstream.requests.length;
    const result = await send({ method: "GET", path: "/busy" }, { api: { timeoutMs: 200, retries: 2 } });
    expect(result).toMatchObject({ ok: false, status: 503, attempts: 1, error: { code: "TIMEOUT" } });
    expect(result.error?.message).toMatch(/time budget of 600 ms/);
    expect(result.error?.message).toMatch(/Retry-After/);
    expect(upstream.requests.length - before).toBe(1);
  });
});
