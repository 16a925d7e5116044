import { createBearerAuth } from "@src/auth-bearer";
import { describe, expect, it } from "vitest";
import { callSource } from "./call-source";
import { useUpstream } from "../testing/use-upstream";
import { createSourceRecordFixture } from "../testing/source-record-fixture";
import { validateSource } from "../validation/validate-source";

const secret = "tok_5e4d3c2b1a09";
const plugin = createBearerAuth();
const headers = {
  "Notion-Version": "2022-06-28",
  Accept: "application/vnd.github+json",
  "User-Agent": "ops-agent/1.0",
};

const upstream = useUpstream();

const source = () =>
  createSourceRecordFixture({
    slug: "notion",
    api: { baseUrl: `${upstream().origin}/v1`, testEndpoint: "/users/me", headers },
  });

describe("fixed headers (api.headers)", () => {
  it("are sent on every agent call, beside the credential, replacing the defaults they name", async () => {
    const result = await callSource({
      source: source(),
      call: { method: "POST", path: "/pages", body: { a: 1 } },
      plugin,
      credential: { token: secret },
    });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(upstream().requests.at(-1)?.headers).toMatchObject({
      "notion-version": "2022-06-28",
      accept: "application/vnd.github+json",
      "user-agent": "ops-agent/1.0",
      authorization: `Bearer ${secret}`,
      "content-type": "application/json",
    });
  });

  it("are sent on the validation call too", async () => {
    const outcome = await validateSource({ source: source(), plugin, credential: { token: secret } });
    expect(outcome).toMatchObject({ ok: true, status: "connected" });
    expect(upstream().requests.at(-1)).toMatchObject({
      url: "/v1/users/me",
      headers: { "notion-version": "2022-06-28", "user-agent": "ops-agent/1.0" },
    });
  });
});

describe("unknown tool arguments", () => {
  it("are refused with INVALID_CALL naming them and the accepted ones; nothing is sent", async () => {
    const before = upstream().requests.length;
    const result = await callSource({
      source: source(),
      call: { method: "GET", path: "/x", headers: { "X-Debug": "1" }, timeout: 5 },
      plugin,
      credential: { token: secret },
    });
    expect(result).toMatchObject({ ok: false, status: 0, error: { code: "INVALID_CALL", retryable: false } });
    expect(result.error?.message).toBe(
      'invalid call: unknown arguments "headers", "timeout": the tool accepts only method, path, query, body, _rawBody, _contentType, select, paginate, resultRef, offset; request headers cannot be set in a call (an operator sets fixed ones on the source)',
    );
    expect(upstream().requests.length).toBe(before);
  });
});

describe("a JSON body sent as a string", () => {
  it("is sent as the JSON value it holds, with a note saying so", async () => {
    const result = await callSource({
      source: source(),
      call: { method: "POST", path: "/pages", body: '{"a":1,"list":[1,2]}' },
      plugin,
      credential: { token: secret },
    });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(upstream().requests.at(-1)?.body).toBe('{"a":1,"list":[1,2]}');
    expect(result.note).toContain(
      "body was a string holding JSON: it was sent as that JSON value, not as a string; to send a JSON string on purpose, use _rawBody with _contentType",
    );
  });

  it("stays a string when it does not hold a JSON object or array", async () => {
    for (const body of ["hello", "42", '"quoted"', "{not json"]) {
      const result = await callSource({
        source: source(),
        call: { method: "POST", path: "/echo", body },
        plugin,
        credential: { token: secret },
      });
      expect(upstream().requests.at(-1)?.body).toBe(JSON.stringify(body));
      expect(result.note ?? "").not.toContain("body was a string");
    }
  });

  it("is sent as written with _rawBody and a content type", async () => {
    const result = await callSource({
      source: source(),
      call: { method: "POST", path: "/raw", _rawBody: '"{\\"a\\":1}"', _contentType: "application/json" },
      plugin,
      credential: { token: secret },
    });
    expect(upstream().requests.at(-1)?.body).toBe('"{\\"a\\":1}"');
    expect(result.note ?? "").not.toContain("body was a string");
  });
});
