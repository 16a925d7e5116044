import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode } from "../../test/auth-modes";
import { runCall } from "../../test/run-call";
import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";

/** Each test path fails `failures` times with `status` (0 = reset the connection), then answers 200. */
let upstream: Upstream;
const hits = new Map<string, number>();
const mode = authMode("bearer");

beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const key = url.searchParams.get("id") ?? "";
    const count = (hits.get(key) ?? 0) + 1;
    hits.set(key, count);
    const failures = Number(url.searchParams.get("failures") ?? "0");
    const status = Number(url.searchParams.get("status") ?? "503");
    if (count > failures) return sendJson(response, 200, { attempt: count });
    if (status === 0) return request.socket.destroy();
    const retryAfter = url.searchParams.get("retryAfter");
    const headers: Record<string, string> = {};
    if (retryAfter === "date") headers["retry-after"] = new Date(Date.now() + 1000).toUTCString();
    else if (retryAfter !== null) headers["retry-after"] = retryAfter;
    return sendJson(response, status, { attempt: count }, headers);
  });
});

afterAll(() => upstream.close());

let sequence = 0;
/**
 * Sends one call to a fresh test path and checks that the attempts its result reports are the requests the upstream
 * saw, so that a test's expected `attempts` also says how many times the call was sent.
 */
async function call(method: string, query: Record<string, string>, retries?: number, maxRetryAfterMs?: number) {
  const id = `t${(sequence += 1)}`;
  const { result } = await runCall(
    upstream.origin,
    mode,
    { method, path: "/r", query: { id, ...query } },
    {
      ...(retries === undefined ? {} : { limits: { retries } }),
      ...(maxRetryAfterMs === undefined ? {} : { retryDelay: { baseMs: 5, maxRetryAfterMs } }),
    },
  );
  expect(hits.get(id) ?? 0, "requests the upstream saw").toBe(result.attempts);
  return result;
}

describe("retries", () => {
  it.each(["408", "429", "500", "502", "503", "504"])(
    "GET is retried on %s and reports the attempts",
    async (status) => {
      const result = await call("GET", { failures: "2", status });
      expect(result).toMatchObject({
        ok: true,
        status: 200,
        attempts: 3,
        body: { kind: "json", value: { attempt: 3 } },
      });
    },
  );

  it.each(["HEAD", "OPTIONS", "PUT", "DELETE"])("%s is idempotent and retried", async (method) => {
    const result = await call(method, { failures: "1", status: "503" });
    expect(result).toMatchObject({ ok: true, attempts: 2 });
  });

  it.each(["POST", "PATCH"])("%s is never retried", async (method) => {
    const result = await call(method, { failures: "1", status: "503" });
    expect(result).toMatchObject({ ok: false, status: 503, attempts: 1 });
  });

  it.each(["400", "404", "501"])("GET is not retried on %s", async (status) => {
    const result = await call("GET", { failures: "1", status });
    expect(result).toMatchObject({ ok: false, status: Number(status), attempts: 1 });
  });

  it("gives up after api.retries and returns the last response", async () => {
    const result = await call("GET", { failures: "9", status: "500" }, 2);
    expect(result).toMatchObject({
      ok: false,
      status: 500,
      attempts: 3,
      body: { kind: "json", value: { attempt: 3 } },
    });
  });

  it("retries: 0 sends once", async () => {
    const result = await call("GET", { failures: "1", status: "503" }, 0);
    expect(result.attempts).toBe(1);
  });

  it.each([
    ["delay-seconds", "1"],
    ["an HTTP date", "date"],
  ])("honours Retry-After given as %s (capped by maxRetryAfterMs)", async (_why, retryAfter) => {
    const result = await call("GET", { failures: "1", status: "429", retryAfter });
    expect(result).toMatchObject({ ok: true, attempts: 2 });
  });

  it("caps a Retry-After of an hour at maxRetryAfterMs (the test would time out otherwise)", async () => {
    const result = await call("GET", { failures: "1", status: "503", retryAfter: "3600" }, 2, 20);
    expect(result).toMatchObject({ ok: true, attempts: 2 });
  });

  it("a GET whose connection is reset is retried, then reported as NETWORK", async () => {
    const result = await call("GET", { failures: "9", status: "0" }, 2);
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 3, error: { code: "NETWORK", retryable: true } });
    expect(result.error?.message).toMatch(/127\.0\.0\.1:\d+/);
  });

  it("a reset GET that then succeeds counts both attempts", async () => {
    const result = await call("GET", { failures: "1", status: "0" });
    expect(result).toMatchObject({ ok: true, attempts: 2 });
  });

  it("a POST whose connection is reset is not sent again", async () => {
    const result = await call("POST", { failures: "9", status: "0" });
    expect(result).toMatchObject({ ok: false, attempts: 1, error: { code: "NETWORK" } });
  });
});
