import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSource } from "../../test/source-fixture";
import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import type { HopToAuthorize } from "./authorize-hop";
import { executeRequest } from "./execute-request";

/** A hand-built request's secret: the first hop carries it, a followed redirect gets a fresh one from the authorizer. */
const firstToken = "first-hop-token-6d1f";
const hopToken = "redirect-hop-token-93ab";

let upstream: Upstream;
let flakyCalls = 0;

beforeAll(async () => {
  upstream = await startUpstream((request, response, recorded) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    if (path === "/v1/see-other") {
      response.writeHead(303, { location: "/v1/final?from=see-other" });
      return response.end();
    }
    if (path === "/v1/flaky-then-moved") {
      flakyCalls += 1;
      response.writeHead(
        flakyCalls === 1 ? 503 : 302,
        flakyCalls === 1 ? { "retry-after": "0" } : { location: "/v1/final" },
      );
      return response.end();
    }
    return sendJson(response, 200, { method: recorded.method, authorization: recorded.headers.authorization ?? null });
  });
});

afterAll(async () => {
  await upstream.close();
});

const source = () => makeSource(`${upstream.origin}/v1`, { authType: "bearer" });
const quickRetries = { baseMs: 1, maxRetryAfterMs: 100 };

describe("executeRequest: the authorizeHop option", () => {
  it("awaits an asynchronous authorizer on a followed redirect and sends what it set; it sees the method, URL, headers, attempt and signal", async () => {
    const seen: Omit<HopToAuthorize, "headers" | "url">[] = [];
    const seenUrls: string[] = [];
    const seenAuthorization: (string | null)[] = [];
    const controller = new AbortController();
    const result = await executeRequest(
      {
        method: "POST",
        url: `${upstream.origin}/v1/see-other`,
        headers: { authorization: `Bearer ${firstToken}`, "content-type": "application/json" },
        body: "{}",
        secrets: [firstToken, hopToken],
      },
      {
        source: source(),
        signal: controller.signal,
        authorizeHop: async (hop) => {
          seen.push({ method: hop.method, body: hop.body, attempt: hop.attempt, signal: hop.signal });
          seenUrls.push(hop.url.href);
          seenAuthorization.push(hop.headers.get("authorization"));
          await sleep(5);
          hop.headers.set("authorization", `Bearer ${hopToken}`);
        },
      },
    );
    expect(seen).toEqual([{ method: "GET", body: undefined, attempt: 1, signal: controller.signal }]);
    expect(seenUrls).toEqual([`${upstream.origin}/v1/final?from=see-other`]);
    expect(seenAuthorization).toEqual([`Bearer ${firstToken}`]);
    const finalRequest = upstream.requests.at(-1);
    expect(finalRequest).toMatchObject({ method: "GET", url: "/v1/final?from=see-other" });
    expect(finalRequest?.headers.authorization).toBe(`Bearer ${hopToken}`);
    expect(finalRequest?.headers["content-type"]).toBeUndefined();
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      body: { kind: "json", value: { method: "GET", authorization: "Bearer [REDACTED]" } },
    });
  });

  it("authorizes the retry and tells the authorizer which attempt a redirect belongs to (a redirect answered to a retry is attempt 2)", async () => {
    flakyCalls = 0;
    const attempts: number[] = [];
    const result = await executeRequest(
      { method: "GET", url: `${upstream.origin}/v1/flaky-then-moved`, headers: {}, secrets: [] },
      { source: source(), retryDelay: quickRetries, authorizeHop: (hop) => void attempts.push(hop.attempt) },
    );
    expect(result).toMatchObject({ ok: true, status: 200, attempts: 2 });
    // The retry itself (attempt 2), then the redirect it was answered with (still attempt 2).
    expect(attempts).toEqual([2, 2]);
  });

  it("a rejecting authorizer ends the call with a NETWORK error whose message is redacted, and the redirect target is never requested", async () => {
    const before = upstream.requests.length;
    const result = await executeRequest(
      {
        method: "GET",
        url: `${upstream.origin}/v1/see-other`,
        headers: { authorization: `Bearer ${firstToken}` },
        secrets: [firstToken, hopToken],
      },
      {
        source: source(),
        authorizeHop: async () => {
          await sleep(1);
          throw new Error(`the token endpoint refused ${hopToken}`);
        },
      },
    );
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 1, error: { code: "NETWORK", retryable: false } });
    expect(result.error?.message).toBe("the request could not be completed: the token endpoint refused [REDACTED]");
    expect(upstream.requests.slice(before).map((request) => request.url)).toEqual(["/v1/see-other"]);
  });
});
