import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHome, type TestHome } from "./helpers/test-home";
import { startTestServer, type TestServer } from "./helpers/test-server";

let testHome: TestHome;
let server: TestServer;
let port: number;

/** One request with exactly the given headers (node:http, so Host and Origin are sent as written). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: { error?: { code: string; message: string } };
}> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, method, path, headers, setHost: false }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          json: text === "" ? {} : (JSON.parse(text) as never),
        }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

beforeAll(async () => {
  testHome = await createTestHome();
  server = await startTestServer(testHome, {
    allowedHosts: ["src.internal"],
    corsOrigins: ["https://console.example"],
  });
  port = Number(new URL(server.server.url).port);
});

afterAll(async () => {
  await server?.server.close();
  await testHome?.cleanup();
});

describe("Host (DNS rebinding)", () => {
  it.each([
    { why: "the listening address", host: () => `127.0.0.1:${port}`, status: 200 },
    { why: "localhost on a loopback bind", host: () => `localhost:${port}`, status: 200 },
    { why: "an --allowed-host name", host: () => `src.internal:${port}`, status: 200 },
    { why: "a name an attacker re-binds to 127.0.0.1", host: () => `rebind.attacker.example:${port}`, status: 403 },
    { why: "no Host header at all (Node refuses it before the app)", host: () => undefined, status: 400 },
  ])("$why: $status", async ({ host, status }) => {
    const value = host();
    const answer = await send("GET", "/v1/sources", {
      authorization: `Bearer ${testHome.adminToken}`,
      ...(value === undefined ? {} : { host: value }),
    });
    expect(answer.status).toBe(status);
    if (status === 403) {
      expect(answer.json.error?.code).toBe("HOST_NOT_ALLOWED");
      expect(answer.json.error?.message).toContain("--allowed-host");
    }
  });

  it("refuses a wrong Host before the token is looked at, /healthz included", async () => {
    expect((await send("GET", "/healthz", { host: `rebind.attacker.example:${port}` })).status).toBe(403);
    expect((await send("GET", "/healthz", { host: `127.0.0.1:${port}` })).status).toBe(200);
  });
});

describe("browser origins (CORS)", () => {
  const host = (): string => `127.0.0.1:${port}`;
  /** The browser's CORS preflight for `method path` with an authorization header, from a page of `origin`. */
  const preflightOf = (method: string, path: string, origin: string) =>
    send("OPTIONS", path, {
      host: host(),
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": "authorization",
    });

  it("refuses a request from a page of another origin, even with the admin token", async () => {
    const answer = await send("GET", "/v1/sources", {
      host: host(),
      origin: "https://evil.example",
      authorization: `Bearer ${testHome.adminToken}`,
    });
    expect(answer.status).toBe(403);
    expect(answer.json.error?.code).toBe("ORIGIN_NOT_ALLOWED");
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await preflightOf("POST", "/mcp", "https://evil.example");
    expect(preflight.status).toBe(403);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("refuses /v1/me/* from another origin naming the server's own origin, not --cors-origin (which does not open it)", async () => {
    const answer = await send("GET", "/v1/me/connections", { host: host(), origin: "http://evil.example" });
    expect(answer.status).toBe(403);
    expect(answer.json.error?.code).toBe("ORIGIN_NOT_ALLOWED");
    const message = answer.json.error?.message ?? "";
    expect(message).toContain("/v1/me/*");
    expect(message).toContain(`open the console from http://${host()}`);
    expect(message).toContain("whatever --cors-origin allows");
    expect(message).not.toContain("start the server with --cors-origin");
    // Even a --cors-origin page is refused there, so the advice would not have worked.
    const allowed = await send("GET", "/v1/me/connections", { host: host(), origin: "https://console.example" });
    expect(allowed.status).toBe(403);
    // Elsewhere --cors-origin is what works, and the refusal still says so.
    const other = await send("GET", "/v1/sources", { host: host(), origin: "http://evil.example" });
    expect(other.json.error?.message).toContain('start the server with --cors-origin "http://evil.example"');
  });

  it("answers the preflight of a --cors-origin page without a token, and its requests with CORS headers", async () => {
    const preflight = await preflightOf("GET", "/v1/tools", "https://console.example");
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("https://console.example");
    expect(String(preflight.headers["access-control-allow-headers"])).toContain("authorization");
    const answer = await send("GET", "/v1/tools", {
      host: host(),
      origin: "https://console.example",
      authorization: `Bearer ${testHome.adminToken}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["access-control-allow-origin"]).toBe("https://console.example");
    expect(String(answer.headers["access-control-expose-headers"])).toContain("mcp-session-id");
    // The token is still required.
    expect((await send("GET", "/v1/tools", { host: host(), origin: "https://console.example" })).status).toBe(401);
  });

  it("leaves requests without Origin (agents, curl, MCP clients) alone", async () => {
    const answer = await send("GET", "/v1/tools", { host: host(), authorization: `Bearer ${testHome.adminToken}` });
    expect(answer.status).toBe(200);
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("start options", () => {
  it.each([
    {
      why: "an origin with a path",
      options: { corsOrigins: ["https://console.example/app"] },
      message: "--cors-origin",
    },
    { why: "an origin that is not a URL", options: { corsOrigins: ["console.example"] }, message: "--cors-origin" },
    { why: "a host with a port", options: { allowedHosts: ["src.internal:80"] }, message: "--allowed-host" },
  ])("refuses $why", async ({ options, message }) => {
    await expect(startTestServer(testHome, options)).rejects.toThrow(message);
  });
});
