import type { AnyAuthPluginV2 } from "@src/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode, authModes, leaksIn, type AuthMode } from "../../test/auth-modes";
import { runCall } from "../../test/run-call";
import { makeSource } from "../../test/source-fixture";
import { startUpstream, type Upstream } from "@src/http-tool/testing";
import { executeRequest } from "../execution/execute-request";
import type { ToolResult } from "../result/tool-result";
import { baseUrlFor } from "./base-url-cache";
import { buildRequest } from "./build-request";
import { createHopAuthorizer } from "./create-hop-authorizer";

const mode = authMode("query");
let upstream: Upstream;
let other: Upstream;

beforeAll(async () => {
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
  other = await startUpstream(
    (_request, response) => {
      response.writeHead(200);
      response.end("stolen");
    },
    { host: "127.0.0.2" },
  );
});

afterAll(async () => {
  await upstream.close();
  await other.close();
});

const expectNoLeak = (result: ToolResult, auth: AuthMode = mode): void => {
  expect(leaksIn(JSON.stringify(result), auth)).toEqual([]);
};

describe("baseUrlFor", () => {
  it("parses a base URL once and hands the same object back", () => {
    const first = baseUrlFor("https://api.example.com/v1");
    expect(first.href).toBe("https://api.example.com/v1");
    expect(baseUrlFor("https://api.example.com/v1")).toBe(first);
  });

  it("throws for a text that is not a URL, as new URL does, and caches nothing", () => {
    expect(() => baseUrlFor("not a url")).toThrow(TypeError);
    expect(() => baseUrlFor("not a url")).toThrow(TypeError);
  });

  it("keeps at most 64 entries, dropping the least recently used first", () => {
    const oldest = baseUrlFor("https://oldest.example.com/");
    for (let index = 0; index < 64; index += 1) baseUrlFor(`https://host-${index}.example.com/`);
    expect(baseUrlFor("https://oldest.example.com/")).not.toBe(oldest);
    expect(baseUrlFor("https://oldest.example.com/").href).toBe(oldest.href);
  });
});

describe("cached base URL objects are never changed", () => {
  it("calls with query auth, redirects (followed and refused) and pagination leave the shared URL as parsed", async () => {
    const baseUrl = `${upstream.origin}/v1?version=2`;
    const cached = baseUrlFor(baseUrl);
    const snapshot = {
      href: cached.href,
      search: cached.search,
      pathname: cached.pathname,
      params: [...cached.searchParams],
    };
    for (const path of ["/echo?x=1", "/hop?y=2", "/to-other", "/outside"]) {
      for (const auth of authModes) {
        const { result } = await runCall(baseUrl, auth, { method: "GET", path });
        expectNoLeak(result, auth);
        expect(baseUrlFor(baseUrl)).toBe(cached);
        expect({
          href: cached.href,
          search: cached.search,
          pathname: cached.pathname,
          params: [...cached.searchParams],
        }).toEqual(snapshot);
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
    const built = await buildRequest({
      source,
      call: { method: "GET", path: "/echo" },
      credential: { key: "k" },
      plugin: vandal,
    });
    expect(built.url).toBe(`${upstream.origin}/v1/echo?version=2&api_key=k`);
    expect(seen.length).toBeGreaterThan(0);
    for (const url of seen) expect(url).not.toBe(cached);
    expect(cached.href).toBe(`${upstream.origin}/v1?version=2`);
    expect([...cached.searchParams]).toEqual([["version", "2"]]);
  });

  it("a redirect re-applies the plugin on a fresh URL; the source's base stays as parsed", async () => {
    const baseUrl = `${upstream.origin}/v1`;
    const source = makeSource(baseUrl, { authType: "query", queryParam: "api_key" });
    const request = await buildRequest({
      source,
      call: { method: "GET", path: "/hop" },
      credential: mode.credential,
      plugin: mode.plugin,
    });
    const result = await executeRequest(request, {
      source,
      authorizeHop: createHopAuthorizer({ plugin: mode.plugin, config: source.api, credential: mode.credential }),
    });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(baseUrlFor(baseUrl).href).toBe(new URL(baseUrl).href);
    expect(baseUrlFor(baseUrl).search).toBe("");
  });
});
