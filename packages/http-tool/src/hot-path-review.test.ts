// Pins the behaviour of the hot-path rewrite (one exchange object in the node:http transport, plain-map response
// headers, cached base URLs, one-regex verbatim-JSON check, build-request shortcuts) against real servers on
// 127.0.0.1 (127.0.0.2 plays "another origin"): every case must behave as before the rewrite, and as fetch does.
import { createServer as createNetServer, type Server as NetServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import type { AnyAuthPlugin, AnyAuthPluginV2 } from "@src/auth";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode, authModes, leaksIn, type AuthMode } from "../test/auth-modes";
import { runCall } from "../test/run-call";
import { makeSource } from "../test/source-fixture";
import { startUpstream, type Upstream } from "../test/upstream-server";
import { waitFor } from "../test/wait-for";
import { baseUrlFor } from "./base-url-cache";
import { buildRequest } from "./build-request";
import { executeRequest } from "./execute-request";
import { createRequestAuthorizer } from "./request-authorizer";
import { InvalidCallError } from "./errors/invalid-call-error";
import { isVerbatimJson } from "./is-verbatim-json";
import { createResponseHeaders, type ResponseHeaders } from "./response-headers";
import type { ToolCall } from "./tool-call";
import type { ToolResult } from "./tool-result";

const mode = authMode("query");

/** A raw TCP server: `answer` gets the request's path and the socket, and writes whatever bytes the case needs. */
interface Wire {
  origin: string;
  /** Paths requested, in order. */
  paths: string[];
  /** Sockets closed (by either side), counted. */
  closed: () => number;
  /** Paths whose headers were written (the body may be pending). */
  headersSent: Set<string>;
  close(): Promise<void>;
}

async function startWire(answer: (path: string, socket: Socket, wire: Wire) => void, host = "127.0.0.1"): Promise<Wire> {
  const sockets = new Set<Socket>();
  let closed = 0;
  const server: NetServer = createNetServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      closed += 1;
      sockets.delete(socket);
    });
    socket.on("error", () => undefined);
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      // One request per connection is enough here; bodies (POST) are small and arrive with the head.
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) return;
      const path = received.slice(0, end).split(" ")[1] ?? "/";
      received = "";
      wire.paths.push(path);
      answer(path.split("?")[0] ?? "/", socket, wire);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const wire: Wire = {
    origin: `http://${host}:${port}`,
    paths: [],
    closed: () => closed,
    headersSent: new Set(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return wire;
}

const head = (status: string, headers: string[]): string => `HTTP/1.1 ${status}\r\n${headers.map((line) => `${line}\r\n`).join("")}\r\n`;

let wire: Wire;
let flaky = 0;
let upstream: Upstream;
let other: Upstream;

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
        return void send(head("200 OK", ["Content-Type: text/plain", "Content-Length: 5", "Connection: close"]) + "0123456789");
      case "/v1/upgrade":
        return void send(head("101 Switching Protocols", ["Upgrade: websocket", "Connection: Upgrade"]));
      case "/v1/too-many-codings": {
        const body = gzipSync(gzipSync(gzipSync(gzipSync(gzipSync(gzipSync(Buffer.from('{"a":1}')))))));
        return void send(Buffer.concat([Buffer.from(head("200 OK", ["Content-Type: application/json", "Content-Encoding: gzip, gzip, gzip, gzip, gzip, gzip", `Content-Length: ${body.length}`]), "latin1"), body]));
      }
      case "/v1/corrupt-gzip":
        return void send(head("200 OK", ["Content-Type: application/json", "Content-Encoding: gzip", "Content-Length: 15"]) + "not gzip at all");
      case "/v1/odd-headers": {
        const body = '{"ok":true}';
        const lines = [
          "Content-Type: application/json",
          `Content-Length: ${body.length}`,
          "X-RateLimit-Remaining:    5   ",
          "x-ratelimit-remaining: 4",
          "X-RATELIMIT-LIMIT:\t10\t",
          "Link: </v1/a>; rel=\"first\"",
          "LINK: </v1/b>; rel=\"next\"",
          "Set-Cookie: a=1; Path=/",
          "set-cookie: b=2",
          "Cookie: c=3",
          "cookie: d=4",
          "ETag: \"caf\xe9\"",
          "X-Request-Id: ",
          "Retry-After: 0",
          "X-Empty:",
          "Cache-Control: no-cache,  no-store",
        ];
        return void send(Buffer.from(head("200 OK", lines) + body, "latin1"));
      }
      case "/v1/flaky":
        flaky += 1;
        if (flaky % 2 === 1) return void send(head("503 Service Unavailable", ["Retry-After: 0", "Content-Type: text/plain", "Content-Length: 4"]) + "busy");
        return void send(head("200 OK", ["Content-Type: application/json", "Content-Length: 8"]) + '{"n":42}');
      case "/v1/upper-location":
        return void send(head("302 Found", ["LOCATION: /v1/flaky", "Content-Length: 0"]));
      case "/v1/location-elsewhere":
        return void send(head("307 Temporary Redirect", [`Location: ${other.origin}/v1/steal`, "Content-Length: 0"]));
      default:
        return void send(head("404 Not Found", ["Content-Length: 0"]));
    }
  });
  upstream = await startUpstream((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    if (url.pathname === "/v1/to-other") {
      response.writeHead(302, { location: `${other.origin}/v1/steal${url.search}` });
      return response.end();
    }
    if (url.pathname === "/v1/hop") {
      response.writeHead(302, { location: `/v1/echo?from=hop&${url.search.slice(1)}` });
      return response.end();
    }
    if (url.pathname === "/v1/outside") {
      response.writeHead(302, { location: "/v2/echo" });
      return response.end();
    }
    response.writeHead(200, { "content-type": "application/json", link: `</v1/echo?page=2>; rel="next"` });
    return response.end(JSON.stringify({ url: request.url }));
  });
  other = await startUpstream((_request, response) => {
    response.writeHead(200);
    response.end("stolen");
  }, { host: "127.0.0.2" });
}, 30_000);

afterAll(async () => {
  await wire.close();
  await upstream.close();
  await other.close();
});

const call = async (path: string, extra: Parameters<typeof runCall>[3] = {}, method: "GET" | "POST" = "GET"): Promise<ToolResult> =>
  (await runCall(`${wire.origin}/v1`, mode, { method, path, ...(method === "POST" ? { body: { a: 1 } } : {}) }, { limits: { timeoutMs: 1500, retries: 0 }, ...extra })).result;

const expectNoLeak = (result: ToolResult, auth: AuthMode = mode): void => {
  expect(leaksIn(JSON.stringify(result), auth)).toEqual([]);
};

describe("transport error paths (node:http exchange)", () => {
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
    const body = await call("/slow-body", { limits: { timeoutMs: 300, retries: 0 } });
    expect(body).toMatchObject({ ok: false, status: 200, error: { code: "TIMEOUT" } });
    expect(body.error?.message).toMatch(/did not finish sending the response body within 300 ms/);
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
    // One budget: 200 ms × 3, plus the retry backoff that fits in it (never beyond).
    expect(performance.now() - started).toBeLessThan(200 * 3 + 400);
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

describe("retries and redirects read the plain-map headers", () => {
  it("a 503 with Retry-After is retried for GET (body not read) and the retry answers; POST is not retried", async () => {
    flaky = 0;
    const get = await call("/flaky", { limits: { timeoutMs: 1500, retries: 2 } });
    expect(get).toMatchObject({ ok: true, status: 200, attempts: 2, body: { kind: "json", value: { n: 42 } } });
    flaky = 0;
    const post = await call("/flaky", { limits: { timeoutMs: 1500, retries: 2 } }, "POST");
    expect(post).toMatchObject({ ok: false, status: 503, attempts: 1, body: { value: "busy" } });
  });

  it("a Location in upper case is followed on the origin; one to another origin is refused and never reached", async () => {
    flaky = 1;
    const followed = await call("/upper-location");
    expect(followed).toMatchObject({ ok: true, status: 200, body: { value: { n: 42 } } });
    expect(followed.note).toMatch(/followed 1 redirect/);
    expectNoLeak(followed);
    const refused = await call("/location-elsewhere");
    expect(refused).toMatchObject({ ok: false, status: 307, error: { code: "REDIRECT_BLOCKED" } });
    expect(other.requests).toHaveLength(0);
    expectNoLeak(refused);
  });
});

describe("response headers: node:http answers as fetch does", () => {
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

  const collect = (headers: ResponseHeaders): Array<[string, string]> => {
    const seen: Array<[string, string]> = [];
    headers.forEach((value, name) => seen.push([name, value]));
    return seen;
  };
  const answers = (make: () => ResponseHeaders, names: readonly string[]): string => {
    try {
      const headers = make();
      return JSON.stringify([collect(headers), names.map((name) => headers.get(name))]);
    } catch (error) {
      return `throws ${(error as Error).name}`;
    }
  };

  it("createResponseHeaders equals undici's Headers on random latin1 raw headers (get, forEach, throws)", () => {
    // Latin1 only: node:http hands header text over as latin1, never a character above U+00FF.
    const characters = ["a", "B", "0", "-", " ", "\t", "\r", "\n", "\0", "\v", "\f", "\x01", "\x7f", "\xa0", "\x85", "\xe9", "\xff", ",", ";", "=", '"', ":", "("];
    const names = ["set-cookie", "Set-Cookie", "cookie", "COOKIE", "x-a", "X-A", "link", "Location", "content-encoding", "retry-after", "K"];
    const oddNames = [" x", "x y", "x\xe9", "", "x:"];
    const getNames = ["set-cookie", "cookie", "x-a", "X-A", "link", "location", "content-encoding", "retry-after", "content-length", "k"];
    let seed = 42;
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    const text = (maxLength: number): string => Array.from({ length: random(maxLength) }, () => characters[random(characters.length)]).join("");
    for (let round = 0; round < 20_000; round += 1) {
      const raw: string[] = [];
      for (let pair = random(6); pair > 0; pair -= 1) {
        const pick = random(10);
        raw.push(pick < 7 ? names[random(names.length)]! : pick < 9 ? oddNames[random(oddNames.length)]! : text(4));
        raw.push(text(7));
      }
      const reference = (): ResponseHeaders => {
        const headers = new Headers();
        for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
        return headers;
      };
      expect(answers(() => createResponseHeaders(raw), getNames), JSON.stringify(raw)).toBe(answers(reference, getNames));
    }
  });
});

/** The implementation before the rewrite (three scans), kept here to compare. */
function isVerbatimJsonBefore(text: string): boolean {
  return !text.includes("\\") && !/[0-9][.eE]/.test(text) && !/[0-9]{16}/.test(text);
}

describe("isVerbatimJson: one regex, same answers as the three scans", () => {
  it("agrees on 200 000 random JSON-like texts", () => {
    const alphabet = ["0", "1", "5", "9", ".", "e", "E", "\\", '"', "a", "-", "+", " ", "{", "}", "[", "]", ":", ",", "\n", "é"];
    let seed = 7;
    const random = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    for (let round = 0; round < 200_000; round += 1) {
      const length = random(40);
      let text = "";
      for (let index = 0; index < length; index += 1) text += random(10) < 6 ? String(random(10)) : alphabet[random(alphabet.length)];
      if (isVerbatimJson(text) !== isVerbatimJsonBefore(text)) expect(isVerbatimJson(text), JSON.stringify(text)).toBe(isVerbatimJsonBefore(text));
    }
  });

  it.each([
    ["1234567890123456", false],
    ["123456789012345", true],
    ['{"a":"x1234567890123456y"}', false],
    ["[1.5]", false],
    ["[1e5]", false],
    ["[1E5]", false],
    ['"e."', true],
    ['"a\\"b"', false],
    ["[-1, 2]", true],
  ] as const)("%s → %s", (text, expected) => {
    expect(isVerbatimJson(text)).toBe(expected);
    expect(isVerbatimJsonBefore(text)).toBe(expected);
  });
});

describe("cached base URL objects are never changed", () => {
  it("calls with query auth, redirects (followed and refused) and pagination leave the shared URL as parsed", async () => {
    const baseUrl = `${upstream.origin}/v1?version=2`;
    const cached = baseUrlFor(baseUrl);
    const snapshot = { href: cached.href, search: cached.search, pathname: cached.pathname, params: [...cached.searchParams] };
    for (const path of ["/echo?x=1", "/hop?y=2", "/to-other", "/outside"]) {
      for (const auth of authModes) {
        const { result } = await runCall(baseUrl, auth, { method: "GET", path });
        expectNoLeak(result, auth);
        expect(baseUrlFor(baseUrl)).toBe(cached);
        expect({ href: cached.href, search: cached.search, pathname: cached.pathname, params: [...cached.searchParams] }).toEqual(snapshot);
      }
    }
    expect(other.requests).toHaveLength(0);
  });

  it("a plugin that rewrites the URL it is given never reaches the cached object", async () => {
    const baseUrl = `${upstream.origin}/v1?version=2`;
    const cached = baseUrlFor(baseUrl);
    const seen: URL[] = [];
    const vandal: AnyAuthPluginV2 = {
      ...mode.plugin,
      authorize(request) {
        seen.push(request.url);
        request.url.searchParams.set("api_key", "k");
        return Promise.resolve();
      },
    };
    const source = makeSource(baseUrl, { authType: "query", queryParam: "api_key" });
    const built = await buildRequest({ source, call: { method: "GET", path: "/echo" }, credential: { key: "k" }, plugin: vandal });
    expect(built.url).toBe(`${upstream.origin}/v1/echo?version=2&api_key=k`);
    expect(seen.length).toBeGreaterThan(0);
    for (const url of seen) expect(url).not.toBe(cached);
    expect(cached.href).toBe(`${upstream.origin}/v1?version=2`);
    expect([...cached.searchParams]).toEqual([["version", "2"]]);
  });

  it("a redirect re-applies the plugin on a fresh URL; the source's base stays as parsed", async () => {
    const baseUrl = `${upstream.origin}/v1`;
    const source = makeSource(baseUrl, { authType: "query", queryParam: "api_key" });
    const authorizer = createRequestAuthorizer({ source, plugin: mode.plugin, credential: mode.credential });
    const request = await buildRequest({ source, call: { method: "GET", path: "/hop" }, credential: mode.credential, plugin: mode.plugin, authorizer });
    const result = await executeRequest(request, { source, authorizer });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(baseUrlFor(baseUrl).href).toBe(new URL(baseUrl).href);
    expect(baseUrlFor(baseUrl).search).toBe("");
  });
});

describe("build-request: an agent query name that collides with the auth query name is refused in every spelling", () => {
  const source = makeSource("https://api.example.test/v1?version=2", { authType: "query", queryParam: "api_key" });
  const refusal = async (callInput: Parameters<typeof buildRequest>[0]["call"], plugin: AnyAuthPlugin | AnyAuthPluginV2 = mode.plugin): Promise<InvalidCallError | undefined> => {
    try {
      await buildRequest({ source, call: callInput, credential: mode.credential, plugin });
      return undefined;
    } catch (error) {
      if (error instanceof InvalidCallError) return error;
      throw error;
    }
  };

  it.each([
    ["path ?api_key=", { method: "GET", path: "/items?api_key=guess" }],
    ["path ?API_KEY=", { method: "GET", path: "/items?API_KEY=guess" }],
    ["path ?Api_Key=", { method: "GET", path: "/items?a=1&Api_Key=guess" }],
    ["path ?api%5Fkey=", { method: "GET", path: "/items?api%5Fkey=guess" }],
    ["path ?api%5fKEY=", { method: "GET", path: "/items?api%5fKEY=guess" }],
    ["path ?api_key (no value)", { method: "GET", path: "/items?api_key" }],
    ["path ?api_key= (empty)", { method: "GET", path: "/items?api_key=" }],
    ["query api_key", { method: "GET", path: "/items", query: { api_key: "guess" } }],
    ["query API_KEY", { method: "GET", path: "/items", query: { API_KEY: "guess" } }],
    ["query Api_Key (array)", { method: "GET", path: "/items", query: { Api_Key: ["a", "b"] } }],
    ["query api_key with the real key", { method: "GET", path: "/items", query: { api_key: "qk y+/é=&Q7" } }],
  ] satisfies Array<[string, ToolCall]>)("%s", async (_name, callInput) => {
    const error = await refusal(callInput);
    expect(error?.reason).toBe("QUERY_CONFLICTS_WITH_AUTH");
    expect(leaksIn(error?.message ?? "", mode)).toEqual([]);
  });

  it("a v1 plugin that declares no placement and only adds its name when the query is not empty is still caught, any case", async () => {
    const onlyWithQuery: AnyAuthPlugin = {
      specificationVersion: "v1",
      type: "query",
      description: "api_key in the query when there is a query",
      configSchema: z.object({}).loose(),
      credentialSchema: z.object({ key: z.string() }),
      credentialFields: [{ name: "key", label: "Key", secret: true }],
      apply(request, { credential }: { credential: { key: string } }) {
        if (request.url.search !== "") request.url.searchParams.set("api_key", credential.key);
      },
      secretValues: (credential: { key: string }) => [credential.key],
      describePlacement: () => 'query parameter "api_key"',
    };
    for (const callInput of [
      { method: "GET", path: "/items?API_KEY=guess" },
      { method: "GET", path: "/items", query: { Api_Key: "guess" } },
      { method: "GET", path: "/items?api%5Fkey=guess" },
    ] satisfies ToolCall[]) {
      expect((await refusal(callInput, onlyWithQuery))?.reason).toBe("QUERY_CONFLICTS_WITH_AUTH");
    }
  });

  it("names that only look alike, and header auth with an api_key parameter, are not refused", async () => {
    expect(await refusal({ method: "GET", path: "/items?api_keys=1&xapi_key=2", query: { "api-key": "3" } })).toBeUndefined();
    const header = authMode("header");
    const headerSource = makeSource("https://api.example.test/v1", { authType: "header", ...header.api });
    const built = await buildRequest({ source: headerSource, call: { method: "GET", path: "/items?api_key=1", query: { API_KEY: "2" } }, credential: header.credential, plugin: header.plugin });
    expect(built.url).toBe("https://api.example.test/v1/items?api_key=1&API_KEY=2");
  });
});
