import { createServer as createHttpServer, type IncomingHttpHeaders, type Server as HttpServer } from "node:http";
import { createServer as createHttpsServer, type Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authMode, authModes, leaksIn } from "../../test/auth-modes";
import { startRecordingProxy, type RecordingProxy } from "../../test/connect-proxy";
import { createPrivateCa, type PrivateCa } from "../../test/private-ca";
import { runCall } from "../../test/run-call";
import { hasOpenssl } from "../../test/self-signed-cert";
import { findClosedPort } from "@src/http-tool/testing";
import { proxyVariables } from "./proxy-route";

const call = { method: "GET" as const, path: "/items" };

/** An upstream answering 200 with the headers it got; `https` with a certificate of the test's CA. */
async function startUpstream(tls?: {
  key: string;
  cert: string;
}): Promise<{ url: string; seen: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const seen: IncomingHttpHeaders[] = [];
  const handler = (
    request: { headers: IncomingHttpHeaders; resume(): void },
    response: { writeHead(status: number, headers: Record<string, string>): void; end(body: string): void },
  ): void => {
    request.resume();
    seen.push(request.headers);
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"ok":true}');
  };
  const server: HttpServer | HttpsServer =
    tls === undefined ? createHttpServer(handler) : createHttpsServer(tls, handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${tls === undefined ? "http" : "https"}://127.0.0.1:${port}/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!hasOpenssl())("proxies and private certificate authorities", () => {
  let ca: PrivateCa;
  let secure: Awaited<ReturnType<typeof startUpstream>>;
  let wrongHost: Awaited<ReturnType<typeof startUpstream>>;
  let plain: Awaited<ReturnType<typeof startUpstream>>;
  let proxy: RecordingProxy;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    ca = createPrivateCa();
    secure = await startUpstream(ca.issue("IP:127.0.0.1"));
    wrongHost = await startUpstream(ca.issue("DNS:api.other.example"));
    plain = await startUpstream();
  }, 60_000); // openssl makes three keys and two certificates: slow on a busy machine
  afterAll(async () => {
    await Promise.all([secure.close(), wrongHost.close(), plain.close()]);
    ca.remove();
  });
  beforeEach(async () => {
    for (const name of proxyVariables) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
    proxy = await startRecordingProxy();
  });
  afterEach(async () => {
    for (const name of proxyVariables) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await proxy.close();
  });

  describe.each(authModes.map((mode) => mode.name))("%s credential to an https API through a CONNECT proxy", (name) => {
    const mode = authMode(name);

    it("HTTPS_PROXY: the proxy sees the host in CONNECT and never the credential; the API gets it", async () => {
      process.env.HTTPS_PROXY = proxy.url;
      const { result } = await runCall(secure.url, mode, call, { api: { caFile: ca.caFile } });
      expect(result).toMatchObject({ ok: true, status: 200 });
      expect(proxy.tunnels).toEqual([new URL(secure.url).host]);
      expect(leaksIn(proxy.seen(), mode)).toEqual([]);
      expect(proxy.seen()).not.toMatch(/authorization|x-api-key|api_key/i);
    });

    it("api.proxy, with no variable set: the same tunnel, the same silence", async () => {
      const { result } = await runCall(secure.url, mode, call, { api: { caFile: ca.caFile, proxy: proxy.url } });
      expect(result).toMatchObject({ ok: true, status: 200 });
      expect(proxy.tunnels).toHaveLength(1);
      expect(leaksIn(proxy.seen(), mode)).toEqual([]);
    });
  });

  it("api.proxy overrides HTTPS_PROXY (which points at nothing here)", async () => {
    process.env.HTTPS_PROXY = `http://127.0.0.1:${await findClosedPort()}`;
    const { result } = await runCall(secure.url, authMode("bearer"), call, {
      api: { caFile: ca.caFile, proxy: proxy.url },
    });
    expect(result.error?.message).toBeUndefined();
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(proxy.tunnels).toHaveLength(1);
  });

  it.each([
    ["NO_PROXY naming the host", { NO_PROXY: "127.0.0.1" }, {}],
    ["no_proxy with a port", { no_proxy: "localhost,127.0.0.1" }, {}],
    ['api.proxy "direct"', {}, { proxy: "direct" }],
  ])(
    "%s goes direct, the proxy sees nothing",
    async (_name, variables: Record<string, string>, api: Record<string, unknown>) => {
      process.env.HTTPS_PROXY = proxy.url;
      Object.assign(process.env, variables);
      const { result } = await runCall(secure.url, authMode("bearer"), call, { api: { caFile: ca.caFile, ...api } });
      expect(result).toMatchObject({ ok: true, status: 200 });
      expect(proxy.seen()).toBe("");
    },
  );

  it("refuses an http API through a proxy, which would see the credential, and names the settings", async () => {
    process.env.HTTP_PROXY = proxy.url;
    const { result } = await runCall(plain.url, authMode("bearer"), call);
    expect(result).toMatchObject({ ok: false, status: 0, error: { code: "NETWORK", retryable: false } });
    expect(result.error?.message).toMatch(
      /plain http, and the proxy http:\/\/127\.0\.0\.1:\d+ \(HTTPS_PROXY \/ HTTP_PROXY\) would see the credential/,
    );
    expect(result.error?.message).toMatch(/NO_PROXY or api\.proxy "direct", or set api\.allowPlainHttpProxy/);
    expect(proxy.seen()).toBe("");
    const perSource = await runCall(plain.url, authMode("bearer"), call, { api: { proxy: proxy.url } });
    expect(perSource.result.error?.message).toContain("(api.proxy)");
    expect(proxy.seen()).toBe("");
  });

  it("sends an http API through the proxy when the source allows it (the proxy then sees the request)", async () => {
    const mode = authMode("bearer");
    const { result } = await runCall(plain.url, mode, call, { api: { proxy: proxy.url, allowPlainHttpProxy: true } });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(proxy.forwarded).toEqual([`${plain.url}/items`]);
    expect(plain.seen.at(-1)?.authorization).toBe("Bearer tok+en/Zx9=Q&w");
  });

  it("a private CA: untrusted without api.caFile (a TLS error naming the fix), trusted with it, for that source only", async () => {
    const without = await runCall(secure.url, authMode("bearer"), call);
    expect(without.result).toMatchObject({ ok: false, error: { code: "TLS", retryable: false } });
    expect(without.result.error?.message).toMatch(/not trusted|self-signed|cannot be verified/);
    expect(without.result.error?.message).toContain("NODE_EXTRA_CA_CERTS");
    const trusted = await runCall(secure.url, authMode("bearer"), call, { api: { caFile: ca.caFile } });
    expect(trusted.result).toMatchObject({ ok: true, status: 200 });
    const again = await runCall(secure.url, authMode("bearer"), call);
    expect(again.result).toMatchObject({ ok: false, error: { code: "TLS" } });
  });

  it("a certificate for another host is a TLS error naming the host problem, through a proxy too", async () => {
    const direct = await runCall(wrongHost.url, authMode("bearer"), call, { api: { caFile: ca.caFile } });
    expect(direct.result.error?.message).toMatch(/does not match the host name.*api\.baseUrl/);
    const proxied = await runCall(wrongHost.url, authMode("bearer"), call, {
      api: { caFile: ca.caFile, proxy: proxy.url },
    });
    expect(proxied.result).toMatchObject({ ok: false, error: { code: "TLS" } });
    expect(proxied.result.error?.message).toMatch(/does not match the host name/);
    expect(leaksIn(proxy.seen(), authMode("bearer"))).toEqual([]);
  });

  it("an api.caFile that cannot be read or holds no certificate is refused, naming api.caFile", async () => {
    const missing = await runCall(secure.url, authMode("bearer"), call, {
      api: { caFile: `${ca.directory}/nope.pem` },
    });
    expect(missing.result).toMatchObject({ ok: false, error: { code: "NETWORK", retryable: false } });
    expect(missing.result.error?.message).toMatch(/api\.caFile .*nope\.pem cannot be read \(ENOENT\)/);
    const notPem = await runCall(secure.url, authMode("bearer"), call, {
      api: { caFile: `${ca.directory}/server-1.csr` },
    });
    expect(notPem.result.error?.message).toMatch(/holds no PEM certificate/);
  });
});
