import { getEventListeners } from "node:events";
import { Agent, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode, leaksIn } from "../../test/auth-modes";
import { createCompressionBomb } from "../../test/compression-bomb";
import { measurePeakGrowth } from "../../test/memory-probe";
import { runCall } from "../../test/run-call";
import { startUpstream, type Upstream } from "@src/http-tool/testing";
import { waitFor } from "../../test/wait-for";

// The node:http transport (the default) against real servers; rows marked "fetch" run the same call through a
// caller's fetch, to show both transports hand the executor the same response.
const mode = authMode("query");
const document = { items: [{ id: 1, name: "é-ü" }], total: 1 };
const json = Buffer.from(JSON.stringify(document));
const encoded: Record<string, Buffer> = {
  gzip: gzipSync(json),
  "x-gzip": gzipSync(json),
  deflate: deflateSync(json),
  "deflate (raw)": deflateRawSync(json),
  br: brotliCompressSync(json),
  "gzip, br": brotliCompressSync(gzipSync(json)),
  "deflate, gzip": gzipSync(deflateSync(json)),
  identity: json,
};
const bombs: Record<string, Buffer> = {};
let upstream: Upstream;
/** The socket each request arrived on, by the `id` query parameter. */
const sockets = new Map<string, Socket>();
let closedByClient = 0;

function send(response: ServerResponse, body: Buffer, headers: Record<string, string | string[]>): void {
  response.writeHead(200, { "content-type": "application/json", "content-length": String(body.length), ...headers });
  response.end(body);
}

beforeAll(async () => {
  bombs.deflate = await createCompressionBomb("deflate", 256);
  bombs.br = await createCompressionBomb("br", 256);
  upstream = await startUpstream((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    sockets.set(url.searchParams.get("id") ?? "", request.socket);
    const [, route, name] = url.pathname.split("/");
    const coding = decodeURIComponent(name ?? "");
    if (route === "encoded")
      return send(response, encoded[coding] ?? Buffer.alloc(0), { "content-encoding": coding.replace(" (raw)", "") });
    if (route === "bomb") return send(response, bombs[coding] ?? Buffer.alloc(0), { "content-encoding": coding });
    if (route === "zstd") return send(response, Buffer.from("(zstd bytes)"), { "content-encoding": "zstd" });
    if (route === "corrupt") return send(response, Buffer.from("not gzip at all"), { "content-encoding": "gzip" });
    if (route === "repeated")
      return send(response, json, {
        link: ['</v1/a>; rel="first"', '</v1/b>; rel="next"'],
        "x-ratelimit-remaining": ["5", "4"],
      });
    if (route === "slow-body") {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"items": [');
      response.on("close", () => (closedByClient += 1));
      return;
    }
    return send(response, json, {});
  });
}, 60_000);

afterAll(() => upstream.close());

describe("content-encoding", () => {
  it.each(Object.keys(encoded).flatMap((coding) => [[coding, "node:http"] as const, [coding, "fetch"] as const]))(
    "%s through %s is decoded to the JSON",
    async (coding, transport) => {
      const { result } = await runCall(
        `${upstream.origin}/encoded`,
        mode,
        { method: "GET", path: `/${encodeURIComponent(coding)}` },
        transport === "fetch" ? { fetch } : {},
      );
      expect(result).toMatchObject({ ok: true, status: 200, body: { kind: "json", value: document } });
      expect(leaksIn(JSON.stringify(result), mode)).toEqual([]);
    },
  );

  it.each(["deflate", "br"])(
    "a %s bomb (256 MiB of zeros) is cut at maxResponseBytes, counted after decoding, with flat memory",
    async (coding) => {
      const {
        value: result,
        heapGrowth,
        buffersGrowth,
      } = await measurePeakGrowth(
        async () =>
          (
            await runCall(
              `${upstream.origin}/bomb`,
              mode,
              { method: "GET", path: `/${coding}` },
              { limits: { maxResponseBytes: 1024 * 1024 } },
            )
          ).result,
      );
      expect(result).toMatchObject({
        ok: false,
        status: 200,
        error: { code: "RESPONSE_TOO_LARGE" },
        truncated: { unit: "bytes" },
      });
      expect(result.error?.message).toMatch(/1048576 bytes/);
      expect(heapGrowth + buffersGrowth).toBeLessThan(64 * 1024 * 1024);
    },
  );

  it("an encoding it cannot decode hands over type and size only, with a note, never base64", async () => {
    const { result } = await runCall(upstream.origin, mode, { method: "GET", path: "/zstd" });
    expect(result).toMatchObject({ ok: true, body: { kind: "binary", contentType: "application/json", size: 12 } });
    expect(result.body).not.toHaveProperty("base64");
    expect(result.note).toMatch(/Content-Encoding "zstd" cannot be decoded/);
  });

  it("a body that does not decompress is NETWORK, not retried", async () => {
    const before = upstream.requests.length;
    const { result } = await runCall(upstream.origin, mode, { method: "GET", path: "/corrupt" });
    expect(result).toMatchObject({ ok: false, status: 200, attempts: 1, error: { code: "NETWORK", retryable: false } });
    expect(result.error?.message).toMatch(/does not decompress as its Content-Encoding says \(Z_DATA_ERROR\)/);
    expect(upstream.requests.length - before).toBe(1);
  });
});

describe("headers", () => {
  it("repeated response headers are joined as fetch joins them", async () => {
    const viaNode = (await runCall(upstream.origin, mode, { method: "GET", path: "/repeated" })).result;
    const viaFetch = (await runCall(upstream.origin, mode, { method: "GET", path: "/repeated" }, { fetch })).result;
    expect(viaNode.headers.link).toBe('</v1/a>; rel="first", </v1/b>; rel="next"');
    expect(viaNode.headers["x-ratelimit-remaining"]).toBe("5, 4");
    // Two responses: their Date headers may fall on either side of a second boundary, so Date is compared by presence.
    const { date: nodeDate, ...nodeHeaders } = viaNode.headers;
    const { date: fetchDate, ...fetchHeaders } = viaFetch.headers;
    expect(nodeHeaders).toEqual(fetchHeaders);
    expect([typeof nodeDate, typeof fetchDate]).toEqual(["string", "string"]);
    expect(viaNode.statusText).toBe("OK");
  });

  it("asks for the encodings it decodes", async () => {
    await runCall(upstream.origin, mode, { method: "GET", path: "/plain" });
    expect(upstream.requests.at(-1)?.headers["accept-encoding"]).toBe("gzip, deflate, br");
  });
});

describe("connections", () => {
  it("two calls in a row reuse one kept-alive socket", async () => {
    await runCall(upstream.origin, mode, { method: "GET", path: "/plain", query: { id: "reuse-1" } });
    await runCall(upstream.origin, mode, { method: "GET", path: "/plain", query: { id: "reuse-2" } });
    expect(sockets.get("reuse-1")).toBeDefined();
    expect(sockets.get("reuse-2")).toBe(sockets.get("reuse-1"));
  });

  it("injected agents are used: without keep-alive each call gets its own socket", async () => {
    const agent = new Agent({ keepAlive: false });
    await runCall(
      upstream.origin,
      mode,
      { method: "GET", path: "/plain", query: { id: "own-1" } },
      { agents: { http: agent } },
    );
    await runCall(
      upstream.origin,
      mode,
      { method: "GET", path: "/plain", query: { id: "own-2" } },
      { agents: { http: agent } },
    );
    expect(sockets.get("own-2")).not.toBe(sockets.get("own-1"));
    agent.destroy();
  });

  it("the caller's abort during the body ends the call, closes the connection and leaves no listener on the signal", async () => {
    const controller = new AbortController();
    const before = closedByClient;
    const call = runCall(upstream.origin, mode, { method: "GET", path: "/slow-body" }, { signal: controller.signal });
    await waitFor(() => upstream.requests.at(-1)?.url.startsWith("/slow-body") === true, "the request to arrive");
    controller.abort();
    const { result } = await call;
    expect(result).toMatchObject({ ok: false, attempts: 1, error: { code: "NETWORK" } });
    expect(result.error?.message).toMatch(/cancelled by the caller/);
    await waitFor(() => closedByClient > before, "the upstream to see the connection close");
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("a finished call leaves no listener on the caller's signal", async () => {
    const controller = new AbortController();
    const { result } = await runCall(
      upstream.origin,
      mode,
      { method: "GET", path: "/plain" },
      { signal: controller.signal },
    );
    expect(result.ok).toBe(true);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});
