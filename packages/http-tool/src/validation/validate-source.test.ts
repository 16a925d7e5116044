import { createServer as createHttpsServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { SourceStatus } from "@src/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode, authModes, leaksIn, type AuthMode } from "../../test/auth-modes";
import { createFailingDnsFetch } from "../../test/failing-dns-fetch";
import { createSelfSignedCert, hasOpenssl } from "../../test/self-signed-cert";
import { makeSource } from "../../test/source-fixture";
import { findClosedPort, sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { toSourceStatus, type ValidationOutcome } from "./validation-outcome";
import { validateSource } from "./validate-source";

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    switch (url.pathname) {
      case "/v1/me":
        return sendJson(response, 200, { id: 1, limit: url.searchParams.get("limit") });
      case "/v1/401":
        return sendJson(response, 401, { error: "bad token" });
      case "/v1/403":
        return sendJson(response, 403, { error: "forbidden" });
      case "/v1/500":
        return sendJson(response, 500, { error: "boom" });
      case "/v1/418":
        return sendJson(response, 418, {});
      case "/v1/hop":
        response.writeHead(302, { location: "/v1/me" });
        return response.end();
      case "/v1/moved":
        response.writeHead(301, { location: "https://api.elsewhere.example/v1/me" });
        return response.end();
      case "/v1/slow": {
        const timer = setTimeout(() => response.end("{}"), 20_000);
        response.on("close", () => clearTimeout(timer));
        return;
      }
      default:
        return sendJson(response, 404, {});
    }
  });
});

afterAll(() => upstream.close());

/** A store-like object recording what validation writes. */
function recordingStore(): {
  writes: { slug: string; status: SourceStatus }[];
  setStatus(slug: string, status: SourceStatus): Promise<unknown>;
} {
  const writes: { slug: string; status: SourceStatus }[] = [];
  return { writes, setStatus: async (slug, status) => writes.push({ slug, status }) };
}

async function validate(
  testEndpoint: string,
  mode: AuthMode = authMode("bearer"),
  extra: {
    baseUrl?: string;
    fetch?: typeof fetch;
    credential?: Record<string, unknown> | null;
    timeoutMs?: number;
  } = {},
) {
  const source = makeSource(
    extra.baseUrl ?? `${upstream.origin}/v1`,
    { authType: mode.name, testEndpoint, ...mode.api },
    "my-api",
  );
  const store = recordingStore();
  const outcome = await validateSource({
    source,
    plugin: mode.plugin,
    credential: extra.credential === null ? undefined : (extra.credential ?? mode.credential),
    store,
    ...(extra.fetch === undefined ? {} : { fetch: extra.fetch }),
    ...(extra.timeoutMs === undefined ? {} : { timeoutMs: extra.timeoutMs }),
  });
  expect(store.writes).toEqual([{ slug: "my-api", status: toSourceStatus(outcome) }]);
  expect(leaksIn(JSON.stringify(outcome) + JSON.stringify(store.writes), mode)).toEqual([]);
  return { outcome, status: store.writes[0]!.status };
}

describe("validateSource", () => {
  it("parses the credential once: a transforming plugin schema sends the same value before and after a redirect", async () => {
    const bearer = authMode("bearer");
    const token = String(bearer.credential.token);
    const encoding = {
      ...bearer.plugin,
      credentialSchema: bearer.plugin.credentialSchema.transform(({ token: value }: { token: string }) => ({
        token: Buffer.from(value).toString("base64"),
      })),
    };
    const before = upstream.requests.length;
    const source = makeSource(`${upstream.origin}/v1`, { authType: "bearer", testEndpoint: "/hop" }, "my-api");
    const outcome = await validateSource({ source, plugin: encoding, credential: { token }, store: recordingStore() });
    expect(outcome.status).toBe("connected");
    const sent = upstream.requests.slice(before).map((request) => request.headers.authorization);
    expect(sent).toEqual([
      `Bearer ${Buffer.from(token).toString("base64")}`,
      `Bearer ${Buffer.from(token).toString("base64")}`,
    ]);
  });

  it.each(authModes.map((mode) => [mode.name, mode] as const))(
    "%s: 2xx is connected; the test endpoint's query is kept",
    async (_name, mode) => {
      const before = upstream.requests.length;
      const { outcome, status } = await validate("/me?limit=1", mode);
      expect(outcome).toMatchObject({
        status: "connected",
        ok: true,
        httpStatus: 200,
        reason: "OK",
        hint: null,
        request: { method: "GET" },
      });
      expect(status).toEqual({ connectionStatus: "connected", lastTestedAt: outcome.testedAt, lastError: null });
      expect(upstream.requests.slice(before)).toHaveLength(1);
      const sent = new URL(upstream.requests[before]!.url, "http://x");
      expect(sent.searchParams.get("limit")).toBe("1");
      if (mode.name === "query") expect(sent.search).toMatch(/^\?limit=1&api_key=/);
    },
  );

  it.each([
    [
      "401",
      "bearer",
      "/401",
      { status: "needs_auth", reason: "UNAUTHORIZED", httpStatus: 401 },
      /rejected the bearer credential sent in Authorization header \(Bearer scheme\)/,
    ],
    [
      "403 names the header",
      "header",
      "/403",
      { status: "needs_auth", reason: "FORBIDDEN", httpStatus: 403 },
      /refused the header credential sent in header "X-Api-Key"/,
    ],
    [
      "403 names the query parameter",
      "query",
      "/403",
      { status: "needs_auth", reason: "FORBIDDEN", httpStatus: 403 },
      /refused the query credential sent in query parameter "api_key"/,
    ],
    [
      "404",
      "bearer",
      "/nope",
      { status: "failed", reason: "NOT_FOUND", httpStatus: 404 },
      /testEndpoint does not exist on this API/,
    ],
    [
      "5xx, not retried",
      "bearer",
      "/500",
      { status: "failed", reason: "SERVER_ERROR", httpStatus: 500 },
      /answered 500/,
    ],
    [
      "another status",
      "bearer",
      "/418",
      { status: "failed", reason: "UNEXPECTED_STATUS", httpStatus: 418 },
      /answered 418/,
    ],
    [
      "redirect elsewhere",
      "basic",
      "/moved",
      { status: "failed", reason: "REDIRECT", httpStatus: 301 },
      /redirecting to https:\/\/api\.elsewhere\.example\/v1\/me/,
    ],
  ])("%s", async (_why, modeName, testEndpoint, expected, message) => {
    const before = upstream.requests.length;
    const { outcome, status } = await validate(testEndpoint, authMode(modeName));
    expect(outcome).toMatchObject({ ...expected, ok: false });
    expect(outcome.message).toMatch(message);
    expect(outcome.hint).toEqual(expect.any(String));
    expect(status.connectionStatus).toBe(expected.status);
    expect(status.lastError).toContain(expected.reason);
    expect(upstream.requests.length - before).toBe(1);
  });

  it("a refused port is UNREACHABLE with host and port", async () => {
    const port = await findClosedPort();
    const { outcome } = await validate("/me", authMode("query"), { baseUrl: `http://127.0.0.1:${port}/v1` });
    expect(outcome).toMatchObject({ status: "failed", reason: "UNREACHABLE", httpStatus: null });
    expect(outcome.message).toContain(`127.0.0.1:${port}`);
    expect(outcome.request.url).toContain("api_key=[REDACTED]");
  });

  it("a name that does not resolve is DNS", async () => {
    const { outcome } = await validate("/me", authMode("bearer"), {
      baseUrl: "http://api.nowhere.invalid/v1",
      fetch: await createFailingDnsFetch(),
    });
    expect(outcome).toMatchObject({ status: "failed", reason: "DNS", httpStatus: null });
    expect(outcome.hint).toContain("api.nowhere.invalid");
  });

  it("a slow endpoint is TIMEOUT", async () => {
    const { outcome } = await validate("/slow", authMode("bearer"), { timeoutMs: 200 });
    expect(outcome).toMatchObject({ status: "failed", reason: "TIMEOUT" });
    expect(outcome.message).toMatch(/within 200 ms/);
  });

  it("no stored credential is failed / NO_CREDENTIAL without any request", async () => {
    const before = upstream.requests.length;
    const { outcome } = await validate("/me", authMode("bearer"), { credential: null });
    expect(outcome).toMatchObject({ status: "failed", reason: "NO_CREDENTIAL", httpStatus: null });
    expect(outcome.hint).toBe('store the bearer credential of "my-api" again; that validates the source again');
    expect(upstream.requests.length).toBe(before);
  });

  it("names the URL the test would send, a base URL's own query after the path, with or without a credential", async () => {
    const baseUrl = `${upstream.origin}/v1?v=2`;
    const without = await validate("/me", authMode("bearer"), { credential: null, baseUrl });
    expect(without.outcome.request.url).toBe(`${upstream.origin}/v1/me?v=2`);
    const before = upstream.requests.length;
    const tested = await validate("/me", authMode("bearer"), { baseUrl });
    expect(tested.outcome.request.url).toBe(`${upstream.origin}/v1/me?v=2`);
    expect(upstream.requests.slice(before).map((request) => request.url)).toEqual(["/v1/me?v=2"]);
  });

  it("an invalid credential is failed / INVALID_REQUEST without its value", async () => {
    const { outcome } = await validate("/me", authMode("bearer"), { credential: { token: "" } });
    expect(outcome).toMatchObject({ status: "failed", reason: "INVALID_REQUEST" });
  });

  it.skipIf(!hasOpenssl())("a self-signed certificate is TLS naming the problem", async () => {
    const server: Server = createHttpsServer(createSelfSignedCert(), (_request, response) => response.end("{}"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { outcome }: { outcome: ValidationOutcome } = await validate("/me", authMode("bearer"), {
        baseUrl: `https://127.0.0.1:${port}/v1`,
      });
      expect(outcome).toMatchObject({ status: "failed", reason: "TLS" });
      expect(outcome.message).toMatch(/self-signed/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
