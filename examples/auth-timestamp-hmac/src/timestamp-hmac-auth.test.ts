import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { timingSafeEqual } from "node:crypto";
import { createAuthSessionCache } from "@src/auth";
import { describeAuthPluginConformance } from "@src/auth/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signTimestampedRequest } from "./sign-timestamped-request";
import { createTimestampHmacAuth } from "./timestamp-hmac-auth";

const plugin = createTimestampHmacAuth();
const secret = "shh-timestamp-secret";

describeAuthPluginConformance(plugin, {
  config: { keyId: "team-key-1" },
  credential: { secret },
  otherCredential: { secret: "другой-секрет" },
});

/** The API a team would run: checks the signature over the bytes it received, and a 5-minute window. */
let api: Server;
let origin = "";
beforeAll(async () => {
  api = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", origin);
      const timestamp = String(incoming.headers["x-timestamp"]);
      const body = chunks.length === 0 ? undefined : new Uint8Array(Buffer.concat(chunks));
      const expected = Buffer.from(
        signTimestampedRequest({ method: incoming.method ?? "", url, body, timestamp }, secret),
      );
      const given = Buffer.from(String(incoming.headers["x-signature"]));
      const fresh = Math.abs(Date.parse(timestamp) - Date.now()) < 300_000;
      const valid = given.length === expected.length && timingSafeEqual(given, expected);
      outgoing.writeHead(valid && fresh ? 200 : 401).end(valid ? (fresh ? "ok" : "stale") : "bad signature");
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

async function send(method: string, path: string, body: string | undefined, now: Date): Promise<string> {
  const request = {
    method,
    url: new URL(`${origin}${path}`),
    headers: new Headers(),
    body: body === undefined ? undefined : new TextEncoder().encode(body),
    attempt: 1,
    signal: new AbortController().signal,
  };
  const context = {
    slug: "signed",
    config: { keyId: "k1" },
    credential: { secret },
    now: () => now,
    signal: request.signal,
    session: createAuthSessionCache(),
    registerSecret: () => undefined,
    saveCredential: () => Promise.resolve(),
  };
  await plugin.authorize(request, context);
  const response = await fetch(request.url, { method, headers: request.headers, body: request.body ?? null });
  return `${response.status} ${await response.text()}`;
}

describe("timestamped HMAC against a verifying API", () => {
  it("is accepted with the current time, for a GET with a query and a POST with a UTF-8 body", async () => {
    expect(await send("GET", "/v1/items?limit=1", undefined, new Date())).toBe("200 ok");
    expect(await send("POST", "/v1/items", '{"name":"café"}', new Date())).toBe("200 ok");
  });

  it("is refused as stale when signed with a clock an hour off (the signature itself is valid)", async () => {
    expect(await send("GET", "/v1/items", undefined, new Date(Date.now() - 3600_000))).toBe("401 stale");
  });

  it("signs the time: two times give two signatures for the same request", async () => {
    const headersAt = async (time: number) => {
      const request = {
        method: "GET",
        url: new URL(`${origin}/v1/items`),
        headers: new Headers(),
        body: undefined,
        attempt: 1,
        signal: new AbortController().signal,
      };
      await plugin.authorize(request, {
        slug: "signed",
        config: { keyId: "k1" },
        credential: { secret },
        now: () => new Date(time),
        signal: request.signal,
        session: createAuthSessionCache(),
        registerSecret: () => undefined,
        saveCredential: () => Promise.resolve(),
      });
      return request.headers.get("x-signature");
    };
    expect(await headersAt(0)).not.toBe(await headersAt(1000));
  });
});
