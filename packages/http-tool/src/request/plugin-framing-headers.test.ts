import type { AnyAuthPluginV2 as AnyAuthPlugin } from "@src/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { makeSource } from "../../test/source-fixture";
import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { buildRequest } from "./build-request";
import { callSource } from "../tool/call-source";
import { AuthPluginHeaderError } from "../errors/auth-plugin-header-error";
import { executeRequest } from "../execution/execute-request";
import { createHopAuthorizer } from "./create-hop-authorizer";

// Audit 2, finding 1: a plugin that sets framing or connection headers could smuggle a second request onto a
// kept-alive connection. Such a request is refused before anything is sent, on the first hop and on redirects.
const token = "sig_SECRET_token_0123456789";
let upstream: Upstream;

/** A signing plugin that puts `x-sig` on every request and, on URLs `when` accepts, also `headers`. */
function signingPlugin(
  type: string,
  headers: (body: string | undefined) => Record<string, string>,
  when: (url: URL) => boolean = () => true,
): AnyAuthPlugin {
  return {
    specificationVersion: "v2",
    type,
    description: "signs",
    configSchema: z.object({}).loose(),
    credentialSchema: z.object({ token: z.string().meta({ label: "Token" }) }),
    // Declares only x-sig: the framing headers it also sets are what the executor must refuse.
    placement: () => ({ headers: ["x-sig"], query: [] }),
    authorize(request, { credential }: { credential: { token: string } }) {
      request.headers.set("x-sig", credential.token);
      const body = request.body === undefined ? undefined : new TextDecoder().decode(request.body);
      if (when(request.url))
        for (const [name, value] of Object.entries(headers(body))) request.headers.set(name, value);
      return Promise.resolve();
    },
    secretValues: (credential: { token: string }) => [credential.token],
    describePlacement: () => 'header "x-sig"',
  };
}

const call = (plugin: AnyAuthPlugin, input: unknown) =>
  callSource({
    source: makeSource(`${upstream.origin}/v1`, { authType: plugin.type }),
    call: input,
    plugin,
    credential: { token },
  });

beforeAll(async () => {
  upstream = await startUpstream((request, response, recorded) => {
    if (request.url === "/v1/moved") return response.writeHead(307, { location: "/v1/moved-to" }).end();
    sendJson(response, 200, { path: request.url, bodyBytes: Buffer.byteLength(recorded.body) });
  });
});
afterAll(() => upstream.close());

describe("headers only the service may set", () => {
  const tail = "GET /admin/secrets HTTP/1.1\r\nHost: x\r\n\r\n";
  const rows: { why: string; header: string; value: string; reason: RegExp }[] = [
    {
      why: "Content-Length as a character count smuggles the body's tail as a 2nd request",
      header: "content-length",
      value: "CHARS",
      reason: /frames the body/,
    },
    {
      why: "Transfer-Encoding makes the body's bytes the framing",
      header: "Transfer-Encoding",
      value: "chunked",
      reason: /frames the body/,
    },
    { why: "Host would name another server", header: "host", value: "127.0.0.2:9", reason: /api\.baseUrl/ },
    { why: "Connection is hop-by-hop", header: "connection", value: "close", reason: /hop-by-hop/ },
    { why: "Keep-Alive is hop-by-hop", header: "keep-alive", value: "timeout=5", reason: /hop-by-hop/ },
    { why: "Upgrade asks to switch protocols", header: "upgrade", value: "websocket", reason: /HTTP\/1\.1 only/ },
    {
      why: "Expect: 100-continue changes when the body goes",
      header: "expect",
      value: "100-continue",
      reason: /when the body is sent/,
    },
    { why: "TE negotiates transfer codings", header: "TE", value: "trailers", reason: /transfer codings/ },
    { why: "Trailer announces fields after the body", header: "trailer", value: "x-sig", reason: /trailer/ },
    {
      why: "Proxy-Authorization: src talks to no proxy",
      header: "Proxy-Authorization",
      value: "Basic eA==",
      reason: /no proxy/,
    },
    {
      why: "any Proxy-* header, e.g. Proxy-Connection",
      header: "proxy-connection",
      value: "keep-alive",
      reason: /no proxy/,
    },
  ];
  it.each(rows)("refused, nothing sent: $why", async ({ header, value, reason }) => {
    const plugin = signingPlugin("sig", (body) => ({
      [header]: value === "CHARS" ? String(body?.length ?? 0) : value,
    }));
    const before = upstream.requests.length;
    const result = await call(plugin, { method: "POST", path: "/upload", _rawBody: "é".repeat(tail.length) + tail });
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 0, error: { code: "NETWORK", retryable: false } });
    expect(result.error?.message).toContain(`auth plugin "sig" set the header "${header.toLowerCase()}"`);
    expect(result.error?.message).toMatch(reason);
    expect(result.error?.message).toMatch(/the request was not sent/);
    expect(JSON.stringify(result)).not.toContain(token);
    expect(upstream.requests.length).toBe(before);
  });

  it("buildRequest throws AuthPluginHeaderError naming the plugin type and the header, never a value", async () => {
    const plugin = signingPlugin("sig", () => ({ "content-length": token }));
    const build = async () =>
      buildRequest({
        source: makeSource(`${upstream.origin}/v1`, { authType: "sig" }),
        call: { method: "GET", path: "/x" },
        credential: { token },
        plugin,
      });
    await expect(build).rejects.toThrow(AuthPluginHeaderError);
    try {
      await build();
    } catch (error) {
      expect(error).toMatchObject({ authType: "sig", header: "content-length", code: "NETWORK" });
      expect(String(error)).not.toContain(token);
    }
  });

  it("a plugin setting other headers works, and Node frames the body by its bytes", async () => {
    const plugin = signingPlugin("sig-ok", () => ({ "content-type": "text/plain; charset=utf-8", "x-date": "today" }));
    const body = "é".repeat(tail.length) + tail;
    const result = await call(plugin, { method: "POST", path: "/upload", _rawBody: body });
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      body: { kind: "json", value: { path: "/v1/upload", bodyBytes: Buffer.byteLength(body) } },
    });
    const received = upstream.requests.at(-1);
    expect(received?.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(received?.headers["x-date"]).toBe("today");
    expect(upstream.requests.some((request) => request.url === "/admin/secrets")).toBe(false);
  });

  it("a plugin that sets one only on a redirect's target is refused there, and the target gets nothing", async () => {
    const plugin = signingPlugin(
      "sig-late",
      () => ({ connection: "close" }),
      (url) => url.pathname.endsWith("/moved-to"),
    );
    const result = await call(plugin, { method: "GET", path: "/moved" });
    expect(result).toMatchObject({ ok: false, error: { code: "NETWORK", retryable: false } });
    expect(result.error?.message).toMatch(/auth plugin "sig-late" set the header "connection"/);
    expect(upstream.requests.some((request) => request.url === "/v1/moved-to")).toBe(false);
  });

  it("a hand-built request given to executeRequest with such a header is not sent either", async () => {
    const plugin = signingPlugin("sig", () => ({}));
    const before = upstream.requests.length;
    const source = makeSource(`${upstream.origin}/v1`, { authType: "sig" });
    const result = await executeRequest(
      { method: "GET", url: `${upstream.origin}/v1/x`, headers: { "Transfer-Encoding": "chunked" }, secrets: [] },
      { source, authorizeHop: createHopAuthorizer({ plugin, config: source.api, credential: { token } }) },
    );
    expect(result).toMatchObject({ ok: false, attempts: 1, error: { code: "NETWORK", retryable: false } });
    expect(result.error?.message).toMatch(/sets the header "transfer-encoding", which only the service may set/);
    expect(upstream.requests.length).toBe(before);
  });
});
