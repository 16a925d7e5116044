import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode } from "../../test/auth-modes";
import { createCompressionBomb } from "../../test/compression-bomb";
import { measurePeakGrowth } from "../../test/memory-probe";
import { bindRunCall } from "../../test/run-call";
import { startUpstream, type Upstream } from "@src/http-tool/testing";

const gib = 1024 * 1024 * 1024;
let upstream: Upstream;
/** Sends a call to the upstream with the bearer mode. */
const send = bindRunCall(() => upstream.origin, authMode("bearer"));
let bomb: Buffer;
/** Bytes the lazy 1 GiB stream actually wrote before the client went away. */
let hugeBytesWritten = 0;
let hugeClosed: Promise<void> = Promise.resolve();

/** Writes `total` bytes of JSON-looking data in 64 KiB chunks, honouring back-pressure, until the client goes. */
function streamLazily(response: ServerResponse, total: number): Promise<void> {
  const chunk = Buffer.from(`${"[1,".repeat(21_845)}1,`.slice(0, 65_536));
  response.writeHead(200, { "content-type": "application/json", "content-length": String(total) });
  return new Promise<void>((resolve) => {
    let gone = false;
    response.on("close", () => {
      gone = true;
      resolve();
    });
    const pump = (): void => {
      while (!gone && hugeBytesWritten < total) {
        hugeBytesWritten += chunk.length;
        if (!response.write(chunk)) return void response.once("drain", pump);
      }
      if (!gone) response.end();
    };
    pump();
  });
}

beforeAll(async () => {
  bomb = await createCompressionBomb("gzip", 1024);
  upstream = await startUpstream((request, response) => {
    switch (new URL(request.url ?? "/", "http://x").pathname) {
      case "/huge":
        hugeClosed = streamLazily(response, gib);
        return;
      case "/bomb":
        response.writeHead(200, {
          "content-type": "application/json",
          "content-encoding": "gzip",
          "content-length": String(bomb.length),
        });
        return response.end(bomb);
      case "/slow-headers": {
        const timer = setTimeout(() => response.end("late"), 20_000);
        response.on("close", () => clearTimeout(timer));
        return;
      }
      case "/slow-body": {
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"items": [1, 2');
        const timer = setTimeout(() => response.end("]}"), 20_000);
        response.on("close", () => clearTimeout(timer));
        return;
      }
      default:
        response.writeHead(404);
        response.end();
    }
  });
}, 60_000);

afterAll(() => upstream.close());

describe("size limits keep memory flat", () => {
  it("stops reading a 1 GiB body at maxResponseBytes and drops the connection", async () => {
    const {
      value: result,
      rssGrowth,
      heapGrowth,
      buffersGrowth,
    } = await measurePeakGrowth(() => send({ method: "GET", path: "/huge" }));
    await hugeClosed;
    expect(result).toMatchObject({
      ok: false,
      status: 200,
      error: { code: "RESPONSE_TOO_LARGE", retryable: false },
      body: { kind: "text" },
    });
    expect(result.truncated).toMatchObject({ unit: "bytes", originalSize: gib });
    expect(result.truncated?.note).toMatch(/declared JSON but cut/);
    expect((result.body as { value: string }).value.length).toBeLessThanOrEqual(32_000);
    expect(hugeBytesWritten).toBeLessThan(128 * 1024 * 1024);
    // 10 MiB kept (the default maxResponseBytes) plus chunks in flight; RSS also holds the
    // in-process server's socket buffers and allocator slack, so it gets a looser bound.
    expect(heapGrowth + buffersGrowth).toBeLessThan(64 * 1024 * 1024);
    expect(rssGrowth).toBeLessThan(160 * 1024 * 1024);
  });

  it("limits a gzip bomb (1 GiB of zeros) by its decompressed size", async () => {
    const {
      value: result,
      rssGrowth,
      heapGrowth,
      buffersGrowth,
    } = await measurePeakGrowth(() =>
      send({ method: "GET", path: "/bomb" }, { limits: { maxResponseBytes: 1024 * 1024 } }),
    );
    expect(result).toMatchObject({ ok: false, status: 200, error: { code: "RESPONSE_TOO_LARGE" } });
    expect(result.truncated).toMatchObject({ unit: "bytes" });
    expect(result.error?.message).toMatch(/1048576 bytes/);
    expect(heapGrowth + buffersGrowth).toBeLessThan(64 * 1024 * 1024);
    expect(rssGrowth).toBeLessThan(160 * 1024 * 1024);
  });
});

describe("time-outs", () => {
  /**
   * How many requests carrying `marker` the upstream has received, once the first one has arrived. Each test marks its
   * own calls (other tests' late requests share the upstream), and waits for the upstream to see the call's request: on
   * a loaded machine the client may give up before the server has read it. No request is sent after the result is back.
   */
  async function requestsMarked(marker: string): Promise<number> {
    const count = (): number =>
      upstream.requests.filter((request) => request.searchParams.get("marker") === marker).length;
    await expect.poll(count, { timeout: 10_000 }).toBeGreaterThan(0);
    return count();
  }

  it("slow headers hit the time-out (retries: 0 sends once)", async () => {
    const result = await send(
      { method: "GET", path: "/slow-headers", query: { marker: "once" } },
      { limits: { timeoutMs: 300, retries: 0 } },
    );
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 1, error: { code: "TIMEOUT", retryable: true } });
    expect(result.error?.message).toMatch(/did not send response headers within 300 ms/);
    expect(await requestsMarked("once")).toBe(1);
  });

  it("a slow body hits the same time-out", async () => {
    const result = await send({ method: "GET", path: "/slow-body" }, { limits: { timeoutMs: 300, retries: 0 } });
    expect(result).toMatchObject({ ok: false, status: 200, error: { code: "TIMEOUT" } });
    expect(result.error?.message).toMatch(/did not finish sending the response body/);
  });

  it("a timed-out GET is retried within the call's budget (TIMEOUT is retryable: true)", async () => {
    const result = await send(
      { method: "GET", path: "/slow-headers", query: { marker: "retried-get" } },
      { limits: { timeoutMs: 200, retries: 1 } },
    );
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 2, error: { code: "TIMEOUT", retryable: true } });
    expect(result.error?.message).toMatch(/time budget of 400 ms/);
    await expect
      .poll(() => upstream.requests.filter((request) => request.searchParams.get("marker") === "retried-get").length, {
        timeout: 10_000,
      })
      .toBe(2);
  });

  it.each(["POST", "PATCH"])("a timed-out %s is never retried", async (method) => {
    const marker = `never-retried-${method}`;
    const result = await send(
      { method, path: "/slow-headers", query: { marker }, body: { a: 1 } },
      { limits: { timeoutMs: 200, retries: 2 } },
    );
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 1, error: { code: "TIMEOUT" } });
    expect(result.error?.message).toMatch(/did not send response headers within 200 ms/);
    expect(await requestsMarked(marker)).toBe(1);
  });

  it("a caller's abort signal ends the call as cancelled", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await send({ method: "GET", path: "/slow-headers" }, { signal: controller.signal });
    expect(result).toMatchObject({ ok: false, attempts: 1, error: { code: "NETWORK" } });
    expect(result.error?.message).toMatch(/cancelled by the caller/);
  });
});
