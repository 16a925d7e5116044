import { findClosedPort, sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CLIENT_ERROR_CODES, createSrcClient, SrcClientError, type SrcClient } from "../src/index";
import { bearerConfig, startBearerUpstream } from "./helpers/bearer-upstream";
import { startBuiltServer, type BuiltServer } from "./helpers/start-built-server";

/** What the front does with the next request. */
type FrontMode =
  /** Pass it to the server and its answer back. */
  | "forward"
  /** Pass it to the server (it takes effect), then answer 503 SHUTTING_DOWN as a restarting server would: the answer is lost. */
  | "forward-then-503"
  /** Close the connection without forwarding (a network failure). */
  | "drop"
  /** Never answer. */
  | "hang"
  /** Answer an HTML page, as a wrong port or a proxy's error page would. */
  | "html";

const upstreamToken = "upstream-token-client-retry-9a8b7c6d";
let server: BuiltServer;
let upstream: Upstream;
let front: Upstream;
/** The modes of the next requests, in order; then "forward". */
let nextModes: FrontMode[] = [];
let client: SrcClient;

const frontRequests = (method: string, path: string): number =>
  front.requests.filter((request) => request.method === method && request.path === path).length;
const upstreamItemCalls = (): number => upstream.requests.filter((request) => request.path === "/items").length;

beforeAll(async () => {
  [server, upstream] = await Promise.all([startBuiltServer(), startBearerUpstream(upstreamToken)]);
  // The counting front: every request the client sends is recorded here before it reaches the built server.
  front = await startUpstream(async (_request, response, recorded) => {
    const mode = nextModes.shift() ?? "forward";
    if (mode === "drop") return response.socket?.destroy();
    if (mode === "hang") return;
    if (mode === "html") {
      response.writeHead(200, { "content-type": "text/html" });
      return response.end("<html><body>Welcome to nginx!</body></html>");
    }
    const headers: Record<string, string> = {};
    for (const name of ["authorization", "content-type"])
      if (typeof recorded.headers[name] === "string") headers[name] = recorded.headers[name];
    const answer = await fetch(`${server.url}${recorded.url}`, {
      method: recorded.method,
      headers,
      body: ["GET", "DELETE"].includes(recorded.method) ? undefined : recorded.body,
    });
    const text = await answer.text();
    if (mode === "forward-then-503")
      return sendJson(response, 503, {
        error: { code: "SHUTTING_DOWN", message: "the server is shutting down; try again shortly" },
      });
    response.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" });
    response.end(text);
  });
  client = createSrcClient({ baseUrl: front.url, token: server.adminToken });
  await client.sources.create({ config: bearerConfig("alpha", upstream.url), credential: { token: upstreamToken } });
});

afterAll(async () => {
  await Promise.all([server?.stop(), upstream?.close(), front?.close()]);
});

beforeEach(() => {
  nextModes = [];
  front.requests.length = 0;
});

describe("retry: idempotent routes only", () => {
  it("GET is retried after a lost answer and succeeds: the front counts two requests", async () => {
    nextModes = ["forward-then-503"];
    expect((await client.sources.list()).sources).toHaveLength(1);
    expect(frontRequests("GET", "/v1/sources")).toBe(2);
  });

  it("POST (the agent's call) is never retried: one request, one upstream call, and the 503 reaches the caller", async () => {
    const before = upstreamItemCalls();
    nextModes = ["forward-then-503"];
    const error = await client.tools
      .call("api_alpha", { method: "POST", path: "/items", body: { n: 1 } })
      .catch((thrown: unknown) => thrown);
    expect(SrcClientError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 503, code: "SHUTTING_DOWN", kind: "unavailable" });
    expect(frontRequests("POST", "/v1/tools/api_alpha/call")).toBe(1);
    expect(upstreamItemCalls()).toBe(before + 1);
  });

  it("POST is not retried after a network failure either", async () => {
    nextModes = ["drop"];
    await expect(client.sources.reload("alpha")).rejects.toMatchObject({
      code: CLIENT_ERROR_CODES.SERVER_UNREACHABLE,
      status: null,
    });
    expect(frontRequests("POST", "/v1/sources/alpha/reload")).toBe(1);
  });

  it("PATCH is never retried", async () => {
    nextModes = ["forward-then-503"];
    await expect(client.sources.update("alpha", { name: "Patched" })).rejects.toMatchObject({ status: 503 });
    expect(frontRequests("PATCH", "/v1/sources/alpha")).toBe(1);
    expect((await client.sources.get("alpha")).source.name).toBe("Patched");
  });

  it("PUT (idempotent) is retried after a lost answer", async () => {
    nextModes = ["forward-then-503"];
    expect((await client.sources.setCredential("alpha", { token: upstreamToken })).validation).toMatchObject({
      ok: true,
    });
    expect(frontRequests("PUT", "/v1/sources/alpha/credential")).toBe(2);
  });

  it("GET is retried after a network failure", async () => {
    nextModes = ["drop"];
    expect((await client.tools.list()).tools).toHaveLength(1);
    expect(frontRequests("GET", "/v1/tools")).toBe(2);
  });

  it("gives up after retryLimit retries; retryLimit 0 sends once", async () => {
    nextModes = ["drop", "drop", "drop"];
    await expect(client.sources.list()).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.SERVER_UNREACHABLE });
    expect(frontRequests("GET", "/v1/sources")).toBe(3);
    front.requests.length = 0;
    nextModes = ["drop"];
    await expect(
      createSrcClient({ baseUrl: front.url, token: server.adminToken, retryLimit: 0 }).sources.list(),
    ).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.SERVER_UNREACHABLE });
    expect(frontRequests("GET", "/v1/sources")).toBe(1);
  });
});

describe("failures without a server answer", () => {
  it("times out after timeoutMs with SERVER_TIMEOUT", async () => {
    nextModes = ["hang"];
    const error = (await createSrcClient({ baseUrl: front.url, token: server.adminToken, timeoutMs: 300 })
      .sources.list()
      .catch((thrown: unknown) => thrown)) as SrcClientError;
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.SERVER_TIMEOUT, status: null, kind: "unavailable" });
    expect(error.message).toContain("within 300 ms");
  });

  it("a per-request timeoutMs overrides the client's", async () => {
    nextModes = ["hang"];
    await expect(
      client.tools.call("api_alpha", { method: "GET", path: "/items" }, { timeoutMs: 200 }),
    ).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.SERVER_TIMEOUT });
  });

  it("the caller's signal cancels: CANCELLED", async () => {
    nextModes = ["hang"];
    const controller = new AbortController();
    const pending = client.sources.list({ signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ code: CLIENT_ERROR_CODES.CANCELLED, kind: "cancelled" });
  });

  it("a page that is not the server's JSON is UNEXPECTED_RESPONSE with the status", async () => {
    nextModes = ["html"];
    await expect(client.sources.list()).rejects.toMatchObject({
      code: CLIENT_ERROR_CODES.UNEXPECTED_RESPONSE,
      status: 200,
    });
  });

  it("a closed port is SERVER_UNREACHABLE naming the URL and what to check", async () => {
    const url = `http://127.0.0.1:${await findClosedPort()}`;
    const error = (await createSrcClient({ baseUrl: url, retryLimit: 0 })
      .server.health()
      .catch((thrown: unknown) => thrown)) as SrcClientError;
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.SERVER_UNREACHABLE, status: null, kind: "unavailable" });
    expect(error.message).toContain(url);
    expect(error.message).toContain("src serve");
  });

  it.each([
    { why: "not a URL", baseUrl: "localhost:7410" },
    { why: "not http", baseUrl: "ftp://127.0.0.1:7410" },
    { why: "a token in the URL", baseUrl: "http://admin:secret@127.0.0.1:7410" },
  ])("a base URL that is $why is INVALID_CLIENT_OPTION naming baseUrl", ({ baseUrl }) => {
    expect(() => createSrcClient({ baseUrl })).toThrow(
      expect.objectContaining({
        code: CLIENT_ERROR_CODES.INVALID_CLIENT_OPTION,
        kind: "misconfigured",
        message: expect.stringContaining("baseUrl"),
      }),
    );
  });

  it("a message of an invalid base URL never repeats a password given in it", () => {
    for (const baseUrl of ["http://admin:secret-in-url@127.0.0.1:7410", "ftp://admin:secret-in-url@127.0.0.1:7410"]) {
      const error = (() => {
        try {
          createSrcClient({ baseUrl });
        } catch (thrown) {
          return thrown as Error;
        }
      })();
      expect(error?.message).toContain("baseUrl");
      expect(error?.message).not.toContain("secret-in-url");
    }
  });
});
