// The node:http transport against a raw TCP server that writes exactly the bytes each case needs: error paths of
// the one exchange object (resets, closes, stalls, upgrades, codings) and response headers read as fetch reads them.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode } from "../../test/auth-modes";
import { head, startWire, type Wire } from "../../test/raw-wire-server";
import { wireCalls } from "../../test/wire-calls";
import { waitFor } from "../../test/wait-for";

const mode = authMode("query");

let wire: Wire;

beforeAll(async () => {
  wire = await startWire((path, socket, self) => {
    const send = (bytes: string | Buffer): void => {
      socket.write(bytes);
    };
    switch (path) {
      case "/v1/reset-before-headers":
        return void socket.destroy();
      case "/v1/silent":
        return;
      case "/v1/headers-then-close":
        // Headers and the start of a 100-byte body in one write, then the connection is closed.
        return void socket.end(head("200 OK", ["Content-Type: application/json", "Content-Length: 100"]) + '{"a":');
      case "/v1/close-mid-body":
        send(head("200 OK", ["Content-Type: application/json", "Content-Length: 100"]) + '{"a":');
        self.headersSent.add(path);
        setTimeout(() => socket.destroy(), 50);
        return;
      case "/v1/chunked-cut":
        send(head("200 OK", ["Content-Type: application/json", "Transfer-Encoding: chunked"]) + '5\r\n{"a":\r\n');
        setTimeout(() => socket.destroy(), 50);
        return;
      case "/v1/slow-body":
        send(head("200 OK", ["Content-Type: application/json", "Content-Length: 100"]) + '{"a":');
        self.headersSent.add(path);
        return;
      case "/v1/longer-than-declared":
        return void send(
          head("200 OK", ["Content-Type: text/plain", "Content-Length: 5", "Connection: close"]) + "0123456789",
        );
      case "/v1/upgrade":
        return void send(head("101 Switching Protocols", ["Upgrade: websocket", "Connection: Upgrade"]));
      case "/v1/too-many-codings": {
        const body = gzipSync(gzipSync(gzipSync(gzipSync(gzipSync(gzipSync(Buffer.from('{"a":1}')))))));
        return void send(
          Buffer.concat([
            Buffer.from(
              head("200 OK", [
                "Content-Type: application/json",
                "Content-Encoding: gzip, gzip, gzip, gzip, gzip, gzip",
                `Content-Length: ${body.length}`,
              ]),
              "latin1",
            ),
            body,
          ]),
        );
      }
      case "/v1/corrupt-gzip":
        return void send(
          head("200 OK", ["Content-Type: application/json", "Content-Encoding: gzip", "Content-Length: 15"]) +
            "not gzip at all",
        );
      case "/v1/odd-headers": {
        const body = '{"ok":true}';
        const lines = [
          "Content-Type: application/json",
          `Content-Length: ${body.length}`,
          "X-RateLimit-Remaining:    5   ",
          "x-ratelimit-remaining: 4",
          "X-RATELIMIT-LIMIT:\t10\t",
          'Link: </v1/a>; rel="first"',
          'LINK: </v1/b>; rel="next"',
          "Set-Cookie: a=1; Path=/",
          "set-cookie: b=2",
          "Cookie: c=3",
          "cookie: d=4",
          'ETag: "caf\xe9"',
          "X-Request-Id: ",
          "Retry-After: 0",
          "X-Empty:",
          "Cache-Control: no-cache,  no-store",
        ];
        return void send(Buffer.from(head("200 OK", lines) + body, "latin1"));
      }
      default:
        return void send(head("404 Not Found", ["Content-Length: 0"]));
    }
  });
}, 30_000);

afterAll(async () => {
  await wire.close();
});

const { call, expectNoLeak } = wireCalls(() => wire.origin, mode);

describe("sendWithNodeHttp: transport error paths", () => {
  it("a connection reset before any header fails at once as NETWORK, retried for GET, not for POST", async () => {
    const before = wire.paths.length;
    const get = await call("/reset-before-headers", { limits: { timeoutMs: 1500, retries: 2 } });
    expect(get).toMatchObject({ ok: false, status: 0, attempts: 3, error: { code: "NETWORK", retryable: true } });
    expect(get.durationMs).toBeLessThan(1500);
    expect(wire.paths.length - before).toBe(3);
    const post = await call("/reset-before-headers", { limits: { timeoutMs: 1500, retries: 2 } }, "POST");
    expect(post).toMatchObject({ ok: false, attempts: 1, error: { code: "NETWORK" } });
    expect(wire.paths.length - before).toBe(4);
    expectNoLeak(get);
    expectNoLeak(post);
  });

  it("a close in the middle of the body (content-length not reached) fails at once, keeping the status", async () => {
    for (const path of ["/close-mid-body", "/chunked-cut"]) {
      const result = await call(path);
      expect(result).toMatchObject({ ok: false, status: 200, error: { code: "NETWORK" } });
      expect(result.durationMs).toBeLessThan(1500);
      expectNoLeak(result);
    }
  });

  it("headers and a short body followed by the close in one go never wait for the timer", async () => {
    const result = await call("/headers-then-close");
    expect(result.ok).toBe(false);
    expect(result.status).toBe(200);
    expect(result.error?.code).toBe("NETWORK");
    expect(result.durationMs).toBeLessThan(1500);
  });

  it("no headers within timeoutMs: TIMEOUT naming the headers; a stalled body: TIMEOUT naming the body", async () => {
    const headers = await call("/silent", { limits: { timeoutMs: 300, retries: 0 } });
    expect(headers).toMatchObject({ ok: false, status: 0, error: { code: "TIMEOUT" } });
    expect(headers.error?.message).toMatch(/did not send response headers within 300 ms/);
    // The head comes at once and the body never: a budget long enough for the head on a loaded machine.
    const body = await call("/slow-body", { limits: { timeoutMs: 1500, retries: 0 } });
    expect(body).toMatchObject({ ok: false, status: 200, error: { code: "TIMEOUT" } });
    expect(body.error?.message).toMatch(/did not finish sending the response body within 1500 ms/);
    expectNoLeak(headers);
    expectNoLeak(body);
  });

  it("a stalled body with retries left: each attempt gets what is left of the one budget", async () => {
    const before = wire.paths.length;
    const started = performance.now();
    const result = await call("/slow-body", { limits: { timeoutMs: 200, retries: 2 } });
    expect(result).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
    expect(result.attempts).toBeLessThanOrEqual(3);
    expect(wire.paths.length - before).toBe(result.attempts);
    // One budget: 200 ms × 3, the retry backoff that fits in it included (never beyond), and room for a loaded machine's
    // late timers; a backoff past the deadline would add a second and more.
    expect(performance.now() - started).toBeLessThan(200 * 3 + 800);
  });

  it("the caller's signal: aborted before sends nothing; aborted during the body ends the call and closes the socket", async () => {
    const before = wire.paths.length;
    const early = new AbortController();
    early.abort();
    const none = await call("/slow-body", { signal: early.signal });
    expect(none).toMatchObject({ ok: false, status: 0, attempts: 0, error: { code: "NETWORK" } });
    expect(none.error?.message).toMatch(/cancelled by the caller/);
    expect(wire.paths.length).toBe(before);

    const late = new AbortController();
    const closedBefore = wire.closed();
    wire.headersSent.delete("/v1/slow-body");
    const pending = call("/slow-body", { signal: late.signal, limits: { timeoutMs: 5000, retries: 2 } });
    await waitFor(() => wire.headersSent.has("/v1/slow-body"), "the headers to be sent");
    late.abort();
    const result = await pending;
    expect(result).toMatchObject({ ok: false, attempts: 1, error: { code: "NETWORK" } });
    expect(result.error?.message).toMatch(/cancelled by the caller/);
    expect(result.durationMs).toBeLessThan(5000);
    await waitFor(() => wire.closed() > closedBefore, "the connection to be closed");
  });

  it("a body longer than its content-length is cut at the declared length", async () => {
    const result = await call("/longer-than-declared");
    expect(result).toMatchObject({ ok: true, status: 200, body: { kind: "text", value: "01234" } });
  });

  it("101 Switching Protocols fails at once, not retried", async () => {
    const result = await call("/upgrade", { limits: { timeoutMs: 1500, retries: 2 } });
    expect(result).toMatchObject({ ok: false, attempts: 1, error: { code: "NETWORK", retryable: false } });
    expect(result.error?.message).toMatch(/101 Switching Protocols/);
    expect(result.durationMs).toBeLessThan(1500);
  });

  it("more than 5 content codings: the body is not read and the connection is dropped", async () => {
    const closedBefore = wire.closed();
    const result = await call("/too-many-codings", { limits: { timeoutMs: 1500, retries: 2 } });
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 1, error: { code: "NETWORK", retryable: false } });
    expect(result.error?.message).toMatch(/more than 5 content codings/);
    await waitFor(() => wire.closed() > closedBefore, "the connection to be dropped");
  });

  it("a body that does not decompress is NETWORK, keeping the status, not retried", async () => {
    const result = await call("/corrupt-gzip", { limits: { timeoutMs: 1500, retries: 2 } });
    expect(result).toMatchObject({ ok: false, status: 200, attempts: 1, error: { code: "NETWORK", retryable: false } });
  });
});

describe("sendWithNodeHttp: response headers as fetch reads them", () => {
  it("repeated names, set-cookie, cookie, case, padding and latin1 give the same selected headers through both transports", async () => {
    const viaNode = await call("/odd-headers");
    const viaFetch = await call("/odd-headers", { fetch });
    expect(viaNode.ok).toBe(true);
    // undici's fetch keeps a value's trailing spaces or tabs; node:http's parser and Headers.append drop them (as before the rewrite).
    const { "x-ratelimit-remaining": _remaining, "x-ratelimit-limit": _limit, ...comparable } = viaNode.headers;
    expect(viaFetch.headers).toMatchObject(comparable);
    expect(Object.keys(viaNode.headers).sort()).toEqual(Object.keys(viaFetch.headers).sort());
    expect(viaNode.headers).toMatchObject({
      "x-ratelimit-remaining": "5, 4",
      "x-ratelimit-limit": "10",
      link: '</v1/a>; rel="first", </v1/b>; rel="next"',
      etag: '"café"',
      "x-request-id": "",
      "cache-control": "no-cache,  no-store",
    });
    expect(viaNode.nextPath).toBe("/b");
    expect(viaNode.nextPath).toBe(viaFetch.nextPath);
  });
});
