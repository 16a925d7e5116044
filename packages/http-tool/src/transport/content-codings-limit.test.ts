import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode, leaksIn } from "../../test/auth-modes";
import { runCall } from "../../test/run-call";
import { startUpstream, type Upstream } from "@src/http-tool/testing";
import { createDecoders, maxContentCodings } from "./content-decoding";

// Audit 2, finding 2: a long chain of valid codings (a 1600-deep gzip nest) cost seconds of CPU and hundreds of
// MiB. At most 5 codings are decoded, as undici (fetch) allows; more fail the attempt, not retried, no body.
const mode = authMode("bearer");
const document = { deep: true };
let upstream: Upstream;

/** `document` gzipped `depth` times, with the matching header (`identity` entries added when asked). */
function nested(depth: number, extraIdentity = 0): { body: Buffer; header: string } {
  let body = Buffer.from(JSON.stringify(document));
  for (let index = 0; index < depth; index += 1) body = gzipSync(body, { level: 1 });
  return {
    body,
    header: [...Array<string>(depth).fill("gzip"), ...Array<string>(extraIdentity).fill("identity")].join(", "),
  };
}

beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const [, route, depth] = (request.url ?? "/").split("/");
    const { body, header } =
      route === "identity"
        ? nested(Number(depth), 3)
        : route === "junk"
          ? { body: Buffer.alloc(64, 1), header: Array<string>(Number(depth)).fill("gzip").join(",") }
          : nested(Number(depth));
    response.writeHead(200, {
      "content-type": "application/json",
      "content-encoding": header,
      "content-length": String(body.length),
    });
    response.end(body);
  });
});
afterAll(() => upstream.close());

describe("how many content codings are decoded", () => {
  it.each(["node:http", "fetch"] as const)("%s: 5 codings (the limit) decode to the JSON", async (transport) => {
    const { result } = await runCall(
      `${upstream.origin}/chain`,
      mode,
      { method: "GET", path: `/${maxContentCodings}` },
      transport === "fetch" ? { fetch } : {},
    );
    expect(result).toMatchObject({ ok: true, status: 200, body: { kind: "json", value: document } });
  });

  it("identity entries are not counted: 5 gzip plus 3 identity still decode", async () => {
    const { result } = await runCall(`${upstream.origin}/identity`, mode, { method: "GET", path: "/5" });
    expect(result).toMatchObject({ ok: true, body: { kind: "json", value: document } });
  });

  const rows = [
    { why: "one over the limit", route: "chain", depth: 6, transport: "node:http" },
    {
      why: "one over the limit, through fetch (undici refuses it itself)",
      route: "chain",
      depth: 6,
      transport: "fetch",
    },
    {
      why: "the audit's 1600-deep chain, refused before any decoder is built",
      route: "junk",
      depth: 1600,
      transport: "node:http",
    },
  ] as const;
  it.each(rows)("$why: NETWORK, not retried, no body", async ({ route, depth, transport }) => {
    const before = upstream.requests.length;
    const { result } = await runCall(
      `${upstream.origin}/${route}`,
      mode,
      { method: "GET", path: `/${depth}` },
      transport === "fetch" ? { fetch } : {},
    );
    expect(result).toMatchObject({
      ok: false,
      attempts: 1,
      body: { kind: "empty" },
      error: { code: "NETWORK", retryable: false },
    });
    expect(result.error?.message).toMatch(
      /sent a body with more than 5 content codings \(Content-Encoding\); at most 5 are decoded/,
    );
    expect(upstream.requests.length - before).toBe(1);
    expect(leaksIn(JSON.stringify(result), mode)).toEqual([]);
  });

  it("createDecoders builds one decoder per coding up to 5 and throws a coded error past it", () => {
    expect(createDecoders("gzip, gzip, br, deflate, gzip")).toHaveLength(5);
    expect(() => createDecoders("gzip, gzip, br, deflate, gzip, gzip")).toThrow(
      expect.objectContaining({ code: "SRC_TOO_MANY_CONTENT_CODINGS" }),
    );
  });
});
