import { describe, expect, it } from "vitest";
import { useUpstreamAndServerPerTest } from "./helpers/use-server-per-test";

const upstreamToken = "upstream-token-calls-5b8e1d0a77";
// An upstream, a home and a server per test with the source "calls": a test that parks calls on /slow, adds a source
// or shuts the server down leaves nothing for the next one (or its own retry).
const setup = useUpstreamAndServerPerTest({
  upstreamToken,
  sources: ["calls"],
  serverOptions: { limits: { maxConcurrentCallsPerSource: 1, maxQueuedCallsPerSource: 1, retryAfterSeconds: 2 } },
});

const call = (name: string, body: unknown) => setup.server.api("POST", `/v1/tools/${name}/call`, { body });

describe("POST /v1/tools/{name}/call", () => {
  it("answers 200 with the tool result; the credential was attached upstream and is nowhere in the result", async () => {
    const answer = await call("api_calls", { method: "GET", path: "/items", query: { limit: 1 } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      ok: true,
      status: 200,
      attempts: 1,
      body: { kind: "json", value: { items: [{ id: 1, name: "first" }] } },
    });
    expect(answer.json.request).toEqual({ method: "GET", url: `${setup.upstream.url}/items?limit=1` });
    expect(setup.upstream.seen.at(-1)?.headers.authorization).toBe(`Bearer ${upstreamToken}`);
    expect(answer.text).not.toContain(upstreamToken);
  });

  it("accepts the slug as the tool name too", async () => {
    expect((await call("calls", { method: "GET", path: "/me" })).json).toMatchObject({ ok: true, status: 200 });
  });

  it("answers 200 with ok:false when the upstream fails", async () => {
    const answer = await call("api_calls", { method: "POST", path: "/fail", body: { a: 1 } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ ok: false, status: 500 });
  });

  it.each([
    { why: "no path", body: { method: "GET" } },
    { why: "an absolute URL as path", body: { method: "GET", path: "http://127.0.0.2/steal" } },
    { why: "a body with GET", body: { method: "GET", path: "/items", body: { a: 1 } } },
    { why: "a JSON string", body: "GET /items" },
  ])("answers 200 with error INVALID_CALL for $why", async ({ body }) => {
    const answer = await call("api_calls", body);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ ok: false, status: 0, error: { code: "INVALID_CALL" } });
  });

  it("404 for an unknown tool", async () => {
    const unknown = await call("api_nope", { method: "GET", path: "/me" });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe("UNKNOWN_TOOL");
  });

  it.each([
    { why: "a form", rawBody: "method=GET", contentType: "application/x-www-form-urlencoded" },
    {
      why: "JSON sent as another media type",
      rawBody: '{"method":"GET","path":"/me"}',
      contentType: "application/vnd1+json",
    },
    { why: "malformed JSON", rawBody: "{", contentType: "application/json" },
  ])("400 INVALID_JSON for a body that is not JSON: $why", async ({ rawBody, contentType }) => {
    const answer = await setup.server.api("POST", "/v1/tools/api_calls/call", { rawBody, contentType });
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe("INVALID_JSON");
  });

  it("queues past the per-source cap and refuses with 429 SOURCE_BUSY and Retry-After once the queue is full", async () => {
    const running = call("api_calls", { method: "GET", path: "/slow" });
    await setup.upstream.waitForSlow(1);
    const queued = call("api_calls", { method: "GET", path: "/slow" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await call("api_calls", { method: "GET", path: "/me" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(refused.json.error).toMatchObject({ code: "SOURCE_BUSY" });
    expect(refused.json.error.message).toContain('source "calls" is busy');
    setup.upstream.release();
    await setup.upstream.waitForSlow(1);
    setup.upstream.release();
    expect((await running).json).toMatchObject({ ok: true, body: { value: { slow: true } } });
    expect((await queued).json).toMatchObject({ ok: true });
  });

  it("logs one line per agent call with source, tool, method, redacted path, status, duration and attempts", async () => {
    const before = setup.server.logs.lines.length;
    await call("api_calls", { method: "GET", path: "/items", query: { q: "x" } });
    const written = setup.server.logs.records().slice(before);
    const lines = written.filter((record) => record.event === "tool_call");
    expect(lines).toHaveLength(1);
    // The call's own line is its only line: no http_request line repeats it.
    expect(
      written.filter((record) => record.event === "http_request" && record.path === "/v1/tools/api_calls/call"),
    ).toEqual([]);
    expect(lines[0]).toMatchObject({
      channel: "http",
      source: "calls",
      tool: "api_calls",
      method: "GET",
      path: "/items?q=x",
      status: 200,
      ok: true,
      attempts: 1,
      errorCode: null,
    });
    expect(lines[0]!.durationMs).toEqual(expect.any(Number));
  });

  it("still logs an http_request line for a call refused before the gate (a body that is not JSON)", async () => {
    const before = setup.server.logs.lines.length;
    const answer = await setup.server.api("POST", "/v1/tools/api_calls/call", {
      rawBody: "{not json",
      contentType: "application/json",
    });
    expect(answer.status).toBe(400);
    const written = setup.server.logs.records().slice(before);
    expect(written.filter((record) => record.event === "tool_call")).toEqual([]);
    expect(written.filter((record) => record.event === "http_request")).toEqual([
      expect.objectContaining({ method: "POST", path: "/v1/tools/api_calls/call", status: 400 }),
    ]);
  });
});

describe("query-auth secrets in logged paths", () => {
  it("logs the redacted URL of a query-auth source, never the key", async () => {
    const key = "query-key-secret-9d2c4b6a1e";
    setup.testHome.secrets.push(key);
    const created = await setup.server.api("POST", "/v1/sources", {
      body: {
        config: {
          type: "api",
          name: "Query",
          slug: "query",
          enabled: true,
          api: { baseUrl: setup.upstream.url, authType: "query", queryParam: "api_key", testEndpoint: "/me" },
        },
        credential: { key },
      },
    });
    expect(created.status).toBe(201);
    const answer = await call("api_query", { method: "GET", path: "/items" });
    expect(setup.upstream.seen.at(-1)?.url).toContain(`api_key=${key}`);
    expect(answer.text).not.toContain(key);
    const record = setup.server.logs
      .records()
      .filter((line) => line.event === "tool_call")
      .at(-1);
    expect(record).toMatchObject({ source: "query", status: 401 });
    expect(String(record!.path)).toContain("api_key=");
    expect(String(record!.path)).not.toContain(key);
  });
});

describe("graceful shutdown", () => {
  it("finishes an in-flight call before closing", async () => {
    const inFlight = call("api_calls", { method: "GET", path: "/slow" });
    await setup.upstream.waitForSlow(1);
    const closed = setup.server.server.close();
    let closedYet = false;
    void closed.then(() => (closedYet = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedYet).toBe(false);
    setup.upstream.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ ok: true, body: { value: { slow: true } } });
    await closed;
    expect(setup.server.logs.records().some((record) => record.event === "stopped" && record.drained === true)).toBe(
      true,
    );
    await expect(fetch(`${setup.server.server.url}/healthz`)).rejects.toThrow();
  });
});
