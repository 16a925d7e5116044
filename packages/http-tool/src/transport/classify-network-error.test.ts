import { Agent as HttpsAgent, createServer, type Server } from "node:https";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode, leaksIn } from "../../test/auth-modes";
import { createFailingDnsFetch } from "../../test/failing-dns-fetch";
import { runCall } from "../../test/run-call";
import { createSelfSignedCert, hasOpenssl } from "../../test/self-signed-cert";
import { findClosedPort, startUpstream } from "@src/http-tool/testing";
import { classifyNetworkError } from "./classify-network-error";

const mode = authMode("query");

describe("classifyNetworkError", () => {
  it.each([
    ["ECONNREFUSED", "CONNECTION_REFUSED", true, /nothing listens/],
    ["ENOTFOUND", "DNS", false, /does not resolve/],
    ["EAI_AGAIN", "DNS", true, /does not resolve/],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "TLS", false, /self-signed/],
    ["CERT_HAS_EXPIRED", "TLS", false, /expired/],
    ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", "TLS", false, /cannot be verified/],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "TLS", false, /does not match the host name/],
    ["ERR_SSL_WRONG_VERSION_NUMBER", "TLS", false, /ERR_SSL_WRONG_VERSION_NUMBER/],
    ["ECONNRESET", "NETWORK", true, /reset/],
    ["UND_ERR_SOCKET", "NETWORK", true, /UND_ERR_SOCKET/],
    ["UND_ERR_CONNECT_TIMEOUT", "TIMEOUT", true, /did not answer in time/],
  ])("fetch failing with cause %s is %s", (causeCode, code, retryable, message) => {
    const error = new TypeError("fetch failed", {
      cause: Object.assign(new Error(`socket: ${causeCode}`), { code: causeCode }),
    });
    const classified = classifyNetworkError(error, "api.example:443");
    expect(classified).toMatchObject({ code, retryable });
    expect(classified.message).toMatch(message);
    expect(classified.message).toContain("api.example:443");
  });
});

describe("classifyNetworkError with node:http errors (code on the error itself)", () => {
  it.each([
    ["ECONNREFUSED", "CONNECTION_REFUSED", true, /nothing listens/],
    ["ENOTFOUND", "DNS", false, /does not resolve/],
    ["EAI_AGAIN", "DNS", true, /does not resolve \(EAI_AGAIN\)/],
    ["ECONNRESET", "NETWORK", true, /reset/],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "TLS", false, /self-signed/],
    ["CERT_HAS_EXPIRED", "TLS", false, /expired/],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "TLS", false, /does not match the host name/],
    ["HPE_HEADER_OVERFLOW", "NETWORK", false, /larger than Node's limit of 16 KiB/],
    ["HPE_INVALID_CONSTANT", "NETWORK", false, /malformed HTTP response \(HPE_INVALID_CONSTANT\)/],
    ["Z_DATA_ERROR", "NETWORK", false, /does not decompress/],
    ["ERR__ERROR_FORMAT_PADDING_1", "NETWORK", false, /does not decompress/],
  ])("%s is %s", (errorCode, code, retryable, message) => {
    const classified = classifyNetworkError(
      Object.assign(new Error(`boom ${errorCode}`), { code: errorCode }),
      "api.example:443",
    );
    expect(classified).toMatchObject({ code, retryable });
    expect(classified.message).toMatch(message);
    expect(classified.message).toContain("api.example:443");
  });
});

describe("a TLS error names the setting or party that fixes it", () => {
  it.each([
    [
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      /trust that certificate with NODE_EXTRA_CA_CERTS=.*verification cannot be turned off/,
    ],
    [
      "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
      /private certificate authority, trust that authority with NODE_EXTRA_CA_CERTS=/,
    ],
    ["SELF_SIGNED_CERT_IN_CHAIN", /NODE_EXTRA_CA_CERTS=/],
    ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", /intermediate certificates; or, .*NODE_EXTRA_CA_CERTS=/],
    ["CERT_HAS_EXPIRED", /must renew its certificate/],
    ["ERR_TLS_CERT_ALTNAME_INVALID", /host name the certificate was issued for in api\.baseUrl/],
    ["ERR_SSL_WRONG_VERSION_NUMBER", /https only with a TLS port/],
  ])("%s", (errorCode, fix) => {
    expect(
      classifyNetworkError(Object.assign(new Error("tls"), { code: errorCode }), "api.example:443").message,
    ).toMatch(fix);
  });
});

describe("network failures against real sockets", () => {
  it("a closed port is CONNECTION_REFUSED naming host and port, retried for GET", async () => {
    const port = await findClosedPort();
    const { result } = await runCall(
      `http://127.0.0.1:${port}/v1`,
      mode,
      { method: "GET", path: "/x" },
      { limits: { retries: 1 } },
    );
    expect(result).toMatchObject({
      ok: false,
      status: 0,
      attempts: 2,
      error: { code: "CONNECTION_REFUSED", retryable: true },
    });
    expect(result.error?.message).toContain(`127.0.0.1:${port}`);
    expect(leaksIn(JSON.stringify(result), mode)).toEqual([]);
    expect(result.request.url).toContain("api_key=[REDACTED]");
  });

  it("through a caller's fetch, a name that does not resolve is DNS (lookup fails locally, no DNS server asked)", async () => {
    const { result } = await runCall(
      "http://api.nowhere.invalid/v1",
      mode,
      { method: "GET", path: "/x" },
      { fetch: await createFailingDnsFetch() },
    );
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 1, error: { code: "DNS", retryable: false } });
    expect(result.error?.message).toContain("api.nowhere.invalid");
  });
});

describe("node:http failures", () => {
  it.each([
    ["ENOTFOUND", 1, false],
    ["EAI_AGAIN", 3, true],
  ])(
    "a lookup failing with %s is DNS after %i attempt(s) (retried only when temporary)",
    async (errorCode, attempts, retryable) => {
      const asked: string[] = [];
      const lookup = ((hostname: string, _options: unknown, callback: (error: Error) => void) => {
        asked.push(hostname);
        callback(Object.assign(new Error(`getaddrinfo ${errorCode} ${hostname}`), { code: errorCode, hostname }));
      }) as unknown as LookupFunction;
      const { result } = await runCall(
        "http://api.nowhere.invalid/v1",
        mode,
        { method: "GET", path: "/x" },
        { lookup },
      );
      expect(result).toMatchObject({ ok: false, status: 0, attempts, error: { code: "DNS", retryable } });
      expect(result.error?.message).toContain("api.nowhere.invalid");
      expect(asked).toEqual(Array.from({ length: attempts }, () => "api.nowhere.invalid"));
      expect(leaksIn(JSON.stringify(result), mode)).toEqual([]);
    },
  );

  it("response headers over 16 KiB are NETWORK (HPE_HEADER_OVERFLOW), not retried", async () => {
    const upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { "x-big": "a".repeat(20_000) });
      response.end("{}");
    });
    try {
      const { result } = await runCall(`${upstream.origin}/v1`, mode, { method: "GET", path: "/x" });
      expect(result).toMatchObject({ ok: false, status: 0, attempts: 1, error: { code: "NETWORK", retryable: false } });
      expect(result.error?.message).toMatch(/HPE_HEADER_OVERFLOW/);
      expect(upstream.requests).toHaveLength(1);
    } finally {
      await upstream.close();
    }
  });
});

describe.skipIf(!hasOpenssl())("TLS", () => {
  let server: Server;
  let port: number;
  let certificate: { key: string; cert: string };
  beforeAll(async () => {
    certificate = createSelfSignedCert();
    server = createServer(certificate, (_request, response) => response.end("{}"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a self-signed certificate is a TLS error naming the problem", async () => {
    const { result } = await runCall(`https://127.0.0.1:${port}/v1`, mode, { method: "GET", path: "/x" });
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 1, error: { code: "TLS", retryable: false } });
    expect(result.error?.message).toMatch(/self-signed \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
  });

  it("the same certificate trusted by an injected https agent connects", async () => {
    const agent = new HttpsAgent({ ca: certificate.cert, keepAlive: true });
    try {
      const { result } = await runCall(
        `https://127.0.0.1:${port}/v1`,
        mode,
        { method: "GET", path: "/x" },
        { agents: { https: agent } },
      );
      expect(result).toMatchObject({ ok: true, status: 200, body: { kind: "text", value: "{}" } });
    } finally {
      agent.destroy();
    }
  });
});
