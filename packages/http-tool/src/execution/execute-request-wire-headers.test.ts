// Retries and redirects read the node:http transport's plain-map response headers (not undici's Headers): a raw
// TCP server writes Retry-After and an upper-case Location; 127.0.0.2 plays another origin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode } from "../../test/auth-modes";
import { head, startWire, type Wire } from "../../test/raw-wire-server";
import { wireCalls } from "../../test/wire-calls";
import { startUpstream, type Upstream } from "@src/http-tool/testing";

const mode = authMode("query");

let wire: Wire;
let flaky = 0;
let other: Upstream;

beforeAll(async () => {
  wire = await startWire((path, socket) => {
    const send = (bytes: string | Buffer): void => {
      socket.write(bytes);
    };
    switch (path) {
      case "/v1/flaky":
        flaky += 1;
        if (flaky % 2 === 1)
          return void send(
            head("503 Service Unavailable", ["Retry-After: 0", "Content-Type: text/plain", "Content-Length: 4"]) +
              "busy",
          );
        return void send(head("200 OK", ["Content-Type: application/json", "Content-Length: 8"]) + '{"n":42}');
      case "/v1/upper-location":
        return void send(head("302 Found", ["LOCATION: /v1/flaky", "Content-Length: 0"]));
      case "/v1/location-elsewhere":
        return void send(head("307 Temporary Redirect", [`Location: ${other.origin}/v1/steal`, "Content-Length: 0"]));
      default:
        return void send(head("404 Not Found", ["Content-Length: 0"]));
    }
  });
  other = await startUpstream(
    (_request, response) => {
      response.writeHead(200);
      response.end("stolen");
    },
    { host: "127.0.0.2" },
  );
}, 30_000);

afterAll(async () => {
  await wire.close();
  await other.close();
});

const { call, expectNoLeak } = wireCalls(() => wire.origin, mode);

describe("executeRequest: retries and redirects read the plain-map headers", () => {
  it("a 503 with Retry-After is retried for GET (body not read) and the retry answers; POST is not retried", async () => {
    flaky = 0;
    const get = await call("/flaky", { limits: { timeoutMs: 1500, retries: 2 } });
    expect(get).toMatchObject({ ok: true, status: 200, attempts: 2, body: { kind: "json", value: { n: 42 } } });
    flaky = 0;
    const post = await call("/flaky", { limits: { timeoutMs: 1500, retries: 2 } }, "POST");
    expect(post).toMatchObject({ ok: false, status: 503, attempts: 1, body: { value: "busy" } });
  });

  it("a Location in upper case is followed on the origin; one to another origin is refused and never reached", async () => {
    flaky = 1;
    const followed = await call("/upper-location");
    expect(followed).toMatchObject({ ok: true, status: 200, body: { value: { n: 42 } } });
    expect(followed.note).toMatch(/followed 1 redirect/);
    expectNoLeak(followed);
    const refused = await call("/location-elsewhere");
    expect(refused).toMatchObject({ ok: false, status: 307, error: { code: "REDIRECT_BLOCKED" } });
    expect(other.requests).toHaveLength(0);
    expectNoLeak(refused);
  });
});
