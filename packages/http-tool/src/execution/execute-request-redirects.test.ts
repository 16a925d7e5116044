import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authModes, leaksIn, requestOutsidePlacement, valuesAtPlacement, type AuthMode } from "../../test/auth-modes";
import { runCall } from "../../test/run-call";
import { sendJson, startUpstream, type RecordedRequest, type Upstream } from "@src/http-tool/testing";

/** The source's API lives under /v1 on 127.0.0.1; 127.0.0.2 plays another origin. */
let home: Upstream;
let other: Upstream;

function redirect(response: ServerResponse, status: number, location: string): void {
  response.writeHead(status, { location, "content-type": "text/plain" });
  response.end(`go to ${location}`);
}

beforeAll(async () => {
  other = await startUpstream((_request, response, recorded) => sendJson(response, 200, { stolen: recorded }), {
    host: "127.0.0.2",
  });
  home = await startUpstream((request, response, recorded) => {
    const url = new URL(request.url ?? "/", "http://x");
    const status = Number(url.searchParams.get("status") ?? "302");
    switch (url.pathname) {
      case "/v1/final":
        return sendJson(response, 200, {
          method: recorded.method,
          body: recorded.body,
          contentType: recorded.headers["content-type"] ?? null,
        });
      case "/v1/to-final":
        return redirect(response, status, "/v1/final");
      case "/v1/to-other-origin":
        return redirect(response, status, `${other.origin}/v1/final?from=home`);
      case "/v1/to-outside-base":
        return redirect(response, status, "/admin/final");
      case "/v1/to-sibling-prefix":
        return redirect(response, status, "/v10/final");
      case "/v1/to-raw":
        return redirect(response, 302, url.searchParams.get("to") ?? "/v1/final");
      case "/v1/to-https":
        return redirect(response, 301, `https://127.0.0.1:${home.port}/v1/final`);
      case "/v1/loop": {
        const hop = Number(url.searchParams.get("hop") ?? "0");
        return redirect(response, 302, `/v1/loop?hop=${hop + 1}`);
      }
      case "/v1/chain": {
        const hop = Number(url.searchParams.get("hop") ?? "0");
        return hop >= 4 ? redirect(response, 307, "/v1/final") : redirect(response, 302, `/v1/chain?hop=${hop + 1}`);
      }
      default:
        return sendJson(response, 404, {});
    }
  });
});

afterAll(async () => {
  await home.close();
  await other.close();
});

const base = (): string => `${home.origin}/v1`;
const modeRows = authModes.map((mode) => [mode.name, mode] as const);

function expectNoCredential(requests: readonly RecordedRequest[], mode: AuthMode): void {
  for (const request of requests) {
    expect(leaksIn(`${request.url} ${JSON.stringify(request.headers)} ${request.body}`, mode)).toEqual([]);
    expect(request.headers).not.toHaveProperty("authorization");
    expect(request.headers).not.toHaveProperty("x-api-key");
  }
}

describe("redirects on the source's origin and base path are followed", () => {
  it.each(modeRows)("%s: the credential is attached again on the next hop", async (_name, mode) => {
    const before = home.requests.length;
    const otherBefore = other.requests.length;
    const { result } = await runCall(base(), mode, { method: "GET", path: "/to-final" });
    expect(result).toMatchObject({ ok: true, status: 200, attempts: 1, request: { method: "GET" } });
    expect(result.request.url).toContain("/v1/final");
    expect(result.note).toMatch(/followed 1 redirect/);
    const finalHops = home.requests.slice(before).filter((request) => request.path === "/v1/final");
    // One final hop, on the source's own origin (the `home` upstream), nothing anywhere else.
    expect(finalHops).toHaveLength(1);
    expect(other.requests.length).toBe(otherBefore);
    const finalHop = finalHops[0]!;
    // The exact value, in the mode's one place, sent exactly once; no other part of the request holds any form of it.
    expect(valuesAtPlacement(finalHop, mode.placement)).toEqual([mode.placement.value]);
    expect(leaksIn(requestOutsidePlacement(finalHop, mode.placement), mode)).toEqual([]);
    expect(leaksIn(JSON.stringify(result), mode)).toEqual([]);
  });

  it.each([
    [303, "POST", "GET", ""],
    [301, "POST", "GET", ""],
    [302, "POST", "GET", ""],
    [307, "POST", "POST", '{"a":1}'],
    [308, "POST", "POST", '{"a":1}'],
    [307, "PUT", "PUT", '{"a":1}'],
    [303, "PUT", "GET", ""],
  ])("%i after %s continues as %s (body %j)", async (status, method, nextMethod, body) => {
    const { result } = await runCall(base(), authModes[0]!, {
      method,
      path: "/to-final",
      query: { status },
      body: { a: 1 },
    });
    expect(result.body).toEqual({
      kind: "json",
      value: { method: nextMethod, body, contentType: body === "" ? null : "application/json" },
    });
  });

  it("follows a chain of 5 redirects", async () => {
    const { result } = await runCall(base(), authModes[0]!, { method: "GET", path: "/chain" });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.note).toMatch(/followed 5 redirect/);
  });
});

describe("redirects elsewhere are not followed, and the credential never leaves", () => {
  it.each(modeRows)("%s: another origin gets nothing", async (_name, mode) => {
    for (const status of [301, 302, 303, 307, 308]) {
      const { result } = await runCall(base(), mode, { method: "GET", path: "/to-other-origin", query: { status } });
      expect(result).toMatchObject({ ok: false, status, error: { code: "REDIRECT_BLOCKED", retryable: false } });
      expect(result.headers.location).toBe(`${other.origin}/v1/final?from=home`);
      expect(result.error?.message).toMatch(/not followed/);
      expect(result.note).toBeUndefined();
      expect(leaksIn(JSON.stringify(result), mode)).toEqual([]);
    }
    expect(other.requests).toEqual([]);
    expectNoCredential(other.requests, mode);
  });

  it.each([
    ["outside the base path", "/to-outside-base"],
    ["a sibling prefix (/v10 is not under /v1)", "/to-sibling-prefix"],
    ["an https upgrade is another origin", "/to-https"],
  ])("%s is blocked", async (_why, path) => {
    const before = home.requests.length;
    const { result } = await runCall(base(), authModes[2]!, { method: "GET", path });
    expect(result).toMatchObject({ ok: false, error: { code: "REDIRECT_BLOCKED" } });
    expect(home.requests.length).toBe(before + 1);
  });

  it.each([
    ["a ..; segment (Tomcat/Jetty drop ;params, then resolve ..)", "/v1/..;/admin"],
    ["a ..;params segment deeper down", "/v1/x/..;jsessionid=1/..;/admin"],
    ["an encoded / after ..", "/v1/..%2fadmin"],
    ["an encoded \\ after ..", "/v1/..%5cadmin"],
    ["%2e%2e%2f (all encoded)", "/v1/%2e%2e%2fadmin%2fx"],
    ["an encoded control character", "/v1/a%0d%0aHost:x"],
    ["double-encoded dots", "/v1/%252e%252e/admin"],
    ["overlong UTF-8 dots", "/v1/%c0%ae%c0%ae/admin"],
    ["full-width full stops, percent-encoded", "/v1/%EF%BC%8E%EF%BC%8E/admin"],
    ["a full-width solidus after ..", "/v1/..%EF%BC%8Fadmin"],
    ["..; with the ; encoded", "/v1/%2e%2e%3b/admin"],
  ])("a redirect target with %s is not followed", async (_why, location) => {
    for (const [index, mode] of authModes.entries()) {
      const before = home.requests.length;
      const { result } = await runCall(base(), mode, { method: "GET", path: "/to-raw", query: { to: location } });
      expect(result, `${mode.name}`).toMatchObject({
        ok: false,
        status: 302,
        error: { code: "REDIRECT_BLOCKED", retryable: false },
      });
      expect(result.error?.message).toMatch(/not followed/);
      expect(home.requests.length - before, `only the first hop reaches the upstream (${index})`).toBe(1);
      expect(leaksIn(JSON.stringify(result), mode)).toEqual([]);
    }
  });

  it("more than 5 redirects is a loop", async () => {
    const before = home.requests.length;
    const { result } = await runCall(base(), authModes[0]!, { method: "GET", path: "/loop" });
    expect(result).toMatchObject({ ok: false, status: 302, error: { code: "REDIRECT_BLOCKED" } });
    expect(result.error?.message).toMatch(/more than 5 redirects/);
    expect(home.requests.length - before).toBe(6);
  });
});
