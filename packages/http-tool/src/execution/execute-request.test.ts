import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode, authModes, leaksIn } from "../../test/auth-modes";
import { bindRunCall, runCall } from "../../test/run-call";
import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream((request, response, recorded) => {
    const url = new URL(request.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/v1/echo":
        return sendJson(
          response,
          200,
          { method: recorded.method, url: recorded.url, headers: recorded.headers, body: recorded.body },
          { "x-request-id": "r-1", "x-internal-secret-header": "hidden" },
        );
      case "/v1/echo-text":
        response.writeHead(200, { "content-type": "text/plain", location: `${upstream.origin}${recorded.url}` });
        return response.end(`you sent ${recorded.url} ${JSON.stringify(recorded.headers)} ${recorded.body}`);
      case "/v1/raw":
        return sendJson(response, 201, { contentType: recorded.headers["content-type"], body: recorded.body });
      case "/v1/bad-json":
        response.writeHead(200, { "content-type": "application/json" });
        return response.end('{"unterminated": [1, 2');
      case "/v1/problem":
        return sendJson(response, 422, { title: "invalid" }, { "content-type": "application/problem+json" });
      case "/v1/xml":
        response.writeHead(200, { "content-type": "application/xml; charset=utf-8" });
        return response.end("<a>é</a>");
      case "/v1/png":
        response.writeHead(200, { "content-type": "image/png" });
        return response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
      case "/v1/big-binary":
        response.writeHead(200, { "content-type": "application/octet-stream" });
        return response.end(Buffer.alloc(10_000, 7));
      case "/v1/empty":
        response.writeHead(204);
        return response.end();
      case "/v1/many":
        return sendJson(
          response,
          200,
          Array.from({ length: 5000 }, (_, index) => ({ id: index, title: `item number ${index}` })),
        );
      case "/v1/long-text":
        response.writeHead(200, { "content-type": "text/plain" });
        return response.end("t".repeat(100_000));
      case "/v1/paged": {
        const key = url.searchParams.get("api_key");
        const suffix = key === null ? "" : `&api_key=${encodeURIComponent(key)}`;
        return sendJson(response, 200, [1], {
          link: `<${upstream.origin}/v1/paged?page=2${suffix}>; rel="next", <http://127.0.0.2:1/v1/paged?page=9>; rel="last"`,
          "x-ratelimit-remaining": "41",
        });
      }
      default:
        return sendJson(response, 404, { error: "not found" });
    }
  });
});

afterAll(() => upstream.close());

describe("each auth mode end to end", () => {
  it.each(authModes.map((mode) => [mode.name, mode] as const))(
    "%s: the credential arrives where the mode puts it, and the agent never sees it",
    async (_name, mode) => {
      const before = upstream.requests.length;
      const { result } = await runCall(`${upstream.origin}/v1`, mode, {
        method: "POST",
        path: "/echo",
        query: { q: "x" },
        body: { hello: "world" },
      });
      const received = upstream.requests[before]!;
      expect(result).toMatchObject({
        ok: true,
        status: 200,
        attempts: 1,
        headers: { "content-type": "application/json", "x-request-id": "r-1" },
      });
      expect(result.headers).not.toHaveProperty("x-internal-secret-header");
      expect(received.method).toBe("POST");
      expect(received.body).toBe('{"hello":"world"}');
      if (mode.name === "bearer")
        expect(received.headers.authorization).toBe(`Bearer ${String(mode.credential.token)}`);
      if (mode.name === "header") expect(received.headers["x-api-key"]).toBe(mode.credential.key);
      if (mode.name === "query")
        expect(new URL(received.url, "http://x").searchParams.get("api_key")).toBe(mode.credential.key);
      if (mode.name === "basic") expect(received.headers.authorization).toMatch(/^Basic /);
      // The echo handed the credential back; the agent sees it nowhere.
      const shown = JSON.stringify(result) + inspect(result, { depth: 20 });
      expect(leaksIn(shown, mode)).toEqual([]);
      expect(shown).toContain("[REDACTED]");
    },
  );

  it.each(authModes.map((mode) => [mode.name, mode] as const))(
    "%s: a text echo (URL, headers, body) and its Location header are redacted too",
    async (_name, mode) => {
      const { result } = await runCall(`${upstream.origin}/v1`, mode, {
        method: "PUT",
        path: "/echo-text",
        _rawBody: `secret is ${JSON.stringify(mode.credential)}`,
      });
      expect(result.body.kind).toBe("text");
      expect(leaksIn(JSON.stringify(result), mode)).toEqual([]);
      expect(result.request.url).toContain("/v1/echo-text");
    },
  );
});

describe("bodies", () => {
  const send = bindRunCall(() => `${upstream.origin}/v1`, authMode("bearer"));

  it("sends a raw body with its content type", async () => {
    const result = await send({
      method: "POST",
      path: "/raw",
      _rawBody: "<note>hi</note>",
      _contentType: "application/xml",
    });
    expect(result).toMatchObject({
      ok: true,
      status: 201,
      body: { kind: "json", value: { contentType: "application/xml", body: "<note>hi</note>" } },
    });
  });

  it("gives invalid JSON with a JSON content type as text with a note", async () => {
    const result = await send({ method: "GET", path: "/bad-json" });
    expect(result.body).toEqual({ kind: "text", value: '{"unterminated": [1, 2' });
    expect(result.note).toMatch(/declared JSON but did not parse/);
  });

  it.each([
    [
      "+json is JSON, non-2xx is a result",
      "/problem",
      { ok: false, status: 422, body: { kind: "json", value: { title: "invalid" } } },
    ],
    ["xml is text, decoded with its charset", "/xml", { body: { kind: "text", value: "<a>é</a>" } }],
    [
      "small binary is base64",
      "/png",
      {
        body: {
          kind: "binary",
          contentType: "image/png",
          size: 8,
          base64: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]).toString("base64"),
        },
      },
    ],
    [
      "large binary is type and size only",
      "/big-binary",
      { body: { kind: "binary", contentType: "application/octet-stream", size: 10_000 } },
    ],
    ["204 is empty", "/empty", { ok: true, status: 204, body: { kind: "empty" } }],
  ])("%s", async (_why, path, expected) => {
    const result = await send({ method: "GET", path });
    expect(result).toMatchObject(expected);
    if (path === "/big-binary") expect(result.body).not.toHaveProperty("base64");
  });

  it("cuts a long JSON array structurally within maxResultChars", async () => {
    const result = await send({ method: "GET", path: "/many" }, { limits: { maxResultChars: 4000 } });
    expect(result.body.kind).toBe("json");
    const value = (result.body as { value: unknown[] }).value;
    expect(JSON.stringify(value).length).toBeLessThanOrEqual(4000);
    expect(value[0]).toEqual({ id: 0, title: "item number 0" });
    expect(value.at(-1)).toMatch(/more items left out/);
    expect(result.truncated).toMatchObject({ unit: "chars", originalSize: expect.any(Number) as number });
    expect(result.truncated!.originalSize!).toBeGreaterThan(100_000);
  });

  it("cuts long text to maxResultChars and reports the original length", async () => {
    const result = await send({ method: "GET", path: "/long-text" }, { api: { maxResultChars: 1000 } });
    expect((result.body as { value: string }).value).toHaveLength(1000);
    expect(result.truncated).toMatchObject({ originalSize: 100_000, unit: "chars" });
  });

  it("a 404 is a result, not an error", async () => {
    const result = await send({ method: "GET", path: "/nothing-here" });
    expect(result).toMatchObject({
      ok: false,
      status: 404,
      statusText: "Not Found",
      body: { kind: "json", value: { error: "not found" } },
    });
    expect(result.error).toBeUndefined();
  });
});

describe("Link pagination", () => {
  it.each(authModes.map((mode) => [mode.name, mode] as const))(
    "%s: nextPath is relative to the base path, without the credential",
    async (_name, mode) => {
      const { result } = await runCall(`${upstream.origin}/v1`, mode, { method: "GET", path: "/paged" });
      expect(result.nextPath).toBe("/paged?page=2");
      expect(result.headers["x-ratelimit-remaining"]).toBe("41");
      expect(leaksIn(JSON.stringify(result), mode)).toEqual([]);
    },
  );
});
