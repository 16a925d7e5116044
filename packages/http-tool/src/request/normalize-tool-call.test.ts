import { describe, expect, it } from "vitest";
import { InvalidCallError } from "../errors/invalid-call-error";
import { encodeQuery } from "./encode-query";
import { normalizeToolCall } from "./normalize-tool-call";

function invalid(input: unknown): InvalidCallError {
  try {
    normalizeToolCall(input);
  } catch (error) {
    if (InvalidCallError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected normalizeToolCall to throw");
}

describe("normalizeToolCall", () => {
  it("upper-cases the method and keeps only the given fields", () => {
    expect(normalizeToolCall({ method: "post", path: "/x", body: { a: 1 } })).toEqual({ method: "POST", path: "/x", body: { a: 1 } });
  });

  it("lists every schema issue with its path", () => {
    const error = invalid({ method: "FETCH", path: 42, query: { a: { b: 1 } } });
    expect(error.reason).toBe("INVALID_INPUT");
    expect(error.message).toMatch(/method: .*GET, HEAD/);
    expect(error.message).toContain("path:");
    expect(error.message).toContain("query.a:");
  });

  it("names a wrong method alone as INVALID_METHOD", () => {
    expect(invalid({ method: "fetch", path: "/x" })).toMatchObject({ reason: "INVALID_METHOD", field: "method", code: "INVALID_CALL" });
  });

  it("rejects input that is not an object", () => {
    expect(invalid("GET /x").reason).toBe("INVALID_INPUT");
    expect(invalid(null).reason).toBe("INVALID_INPUT");
  });

  it("moves _rawBody and _contentType out of body, without changing the input", () => {
    const input = { method: "POST", path: "/x", body: { _rawBody: "<a/>", _contentType: "application/xml" } };
    const before = structuredClone(input);
    expect(normalizeToolCall(input)).toEqual({ method: "POST", path: "/x", _rawBody: "<a/>", _contentType: "application/xml" });
    expect(input).toEqual(before);
  });

  it("is idempotent", () => {
    for (const input of [
      { method: "patch", path: "x", body: { a: 1, _contentType: "application/merge-patch+json" } },
      { method: "POST", path: "/x", body: { _rawBody: "r" } },
      { method: "GET", path: "/x", query: { a: [1, 2], b: null } },
      { method: "POST", path: "/x", body: null },
    ]) {
      const once = normalizeToolCall(input);
      expect(normalizeToolCall(once)).toEqual(once);
    }
  });

  it("treats a null body as no body", () => {
    expect(normalizeToolCall({ method: "GET", path: "/x", body: null })).toEqual({ method: "GET", path: "/x" });
  });

  it("keeps a body array that happens to contain _rawBody-like objects as JSON", () => {
    expect(normalizeToolCall({ method: "POST", path: "/x", body: [{ _rawBody: "x" }] }).body).toEqual([{ _rawBody: "x" }]);
  });

  it("says which keys sit next to _rawBody", () => {
    const error = invalid({ method: "POST", path: "/x", body: { _rawBody: "x", a: 1, b: 2 } });
    expect(error).toMatchObject({ reason: "BODY_CONFLICT", field: "body" });
    expect(error.message).toContain("(a, b)");
  });

  it("keeps query names every JavaScript object has, __proto__ included, in order", () => {
    const call = normalizeToolCall(JSON.parse('{"method":"GET","path":"/x","query":{"constructor":"1","__proto__":"2","toString":["3","4"]}}'));
    expect(Object.keys(call.query!)).toEqual(["constructor", "__proto__", "toString"]);
    expect(Object.getOwnPropertyDescriptor(call.query, "__proto__")?.value).toBe("2");
    expect(encodeQuery(call.query)).toBe("constructor=1&__proto__=2&toString=3&toString=4");
  });

  it("checks a __proto__ query value like any other", () => {
    expect(invalid(JSON.parse('{"method":"GET","path":"/x","query":{"__proto__":{"a":1}}}'))).toMatchObject({ reason: "INVALID_INPUT", field: "query.__proto__" });
  });
});
