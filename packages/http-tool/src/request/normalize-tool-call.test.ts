import { describe, expect, it } from "vitest";
import { InvalidCallError } from "../errors/invalid-call-error";
import { encodeQuery } from "./encode-query";
import { normalizeToolCall, normalizeToolCallWithNote } from "./normalize-tool-call";

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
    expect(normalizeToolCall({ method: "post", path: "/x", body: { a: 1 } })).toEqual({
      method: "POST",
      path: "/x",
      body: { a: 1 },
    });
  });

  it("lists every schema issue with its path", () => {
    const error = invalid({ method: "FETCH", path: 42, query: { a: { b: 1 } } });
    expect(error.reason).toBe("INVALID_INPUT");
    expect(error.message).toMatch(/method: .*GET, HEAD/);
    expect(error.message).toContain("path:");
    expect(error.message).toContain("query.a:");
  });

  it.each([{ filter: { a: 1 } }, { ids: [1, { a: 2 }] }])(
    "says what a query value may be, and what to do with an object: %j",
    (query) => {
      const error = invalid({ method: "GET", path: "/x", query });
      expect(error.message).toContain(
        `query.${Object.keys(query)[0]}: must be a string, a number, a boolean, null (left out) or an array of those`,
      );
      expect(error.message).toContain("an object is not a query value: send its parts as keys of their own");
    },
  );

  it("names a wrong method alone as INVALID_METHOD", () => {
    expect(invalid({ method: "fetch", path: "/x" })).toMatchObject({
      reason: "INVALID_METHOD",
      field: "method",
      code: "INVALID_CALL",
    });
  });

  it("rejects input that is not an object", () => {
    expect(invalid("GET /x").reason).toBe("INVALID_INPUT");
    expect(invalid(null).reason).toBe("INVALID_INPUT");
  });

  it("moves _rawBody and _contentType out of body, without changing the input", () => {
    const input = { method: "POST", path: "/x", body: { _rawBody: "<a/>", _contentType: "application/xml" } };
    const before = structuredClone(input);
    expect(normalizeToolCall(input)).toEqual({
      method: "POST",
      path: "/x",
      _rawBody: "<a/>",
      _contentType: "application/xml",
    });
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
    expect(normalizeToolCall({ method: "POST", path: "/x", body: [{ _rawBody: "x" }] }).body).toEqual([
      { _rawBody: "x" },
    ]);
  });

  it("says which keys sit next to _rawBody", () => {
    const error = invalid({ method: "POST", path: "/x", body: { _rawBody: "x", a: 1, b: 2 } });
    expect(error).toMatchObject({ reason: "BODY_CONFLICT", field: "body" });
    expect(error.message).toContain("(a, b)");
  });

  it("keeps query names every JavaScript object has, __proto__ included, in order", () => {
    const call = normalizeToolCall(
      JSON.parse('{"method":"GET","path":"/x","query":{"constructor":"1","__proto__":"2","toString":["3","4"]}}'),
    );
    expect(Object.keys(call.query!)).toEqual(["constructor", "__proto__", "toString"]);
    expect(Object.getOwnPropertyDescriptor(call.query, "__proto__")?.value).toBe("2");
    expect(encodeQuery(call.query)).toBe("constructor=1&__proto__=2&toString=3&toString=4");
  });

  it("checks a __proto__ query value like any other", () => {
    expect(invalid(JSON.parse('{"method":"GET","path":"/x","query":{"__proto__":{"a":1}}}'))).toMatchObject({
      reason: "INVALID_INPUT",
      field: "query.__proto__",
    });
  });

  // Found by mutation testing (`pnpm mutation`): a string body holding JSON, and the field each refusal names.
  it.each([
    { why: "an object", body: '{"a":1}', sent: { a: 1 } },
    { why: "an array after white space", body: " \n[1,2]", sent: [1, 2] },
  ])("sends a string body holding $why as that JSON, and says so", ({ body, sent }) => {
    const { call, note } = normalizeToolCallWithNote({ method: "POST", path: "/x", body });
    expect(call.body).toEqual(sent);
    expect(note).toBe(
      "body was a string holding JSON: it was sent as that JSON value, not as a string; to send a JSON string on purpose, use _rawBody with _contentType",
    );
  });

  it.each([
    { why: "a JSON scalar", body: "42" },
    { why: "a JSON string", body: '"text"' },
    { why: "null", body: "null" },
    { why: "text that starts like JSON but is not", body: "{not json" },
    { why: "text with a bracket at its end only", body: "list]" },
    { why: "plain text", body: "hello" },
  ])("keeps a string body that is $why as a string, without a note", ({ body }) => {
    const normalized = normalizeToolCallWithNote({ method: "POST", path: "/x", body });
    expect(normalized).toEqual({ call: { method: "POST", path: "/x", body } });
  });

  it.each([
    {
      why: "a body on GET",
      input: { method: "GET", path: "/x", body: { a: 1 } },
      reason: "BODY_NOT_ALLOWED",
      field: "body",
      message: "GET requests cannot have a body; remove it, put the values in query, or use POST",
    },
    {
      why: "a _rawBody on HEAD",
      input: { method: "HEAD", path: "/x", _rawBody: "x" },
      reason: "BODY_NOT_ALLOWED",
      field: "_rawBody",
      message: "HEAD requests cannot have a body",
    },
    {
      why: "body and _rawBody",
      input: { method: "POST", path: "/x", body: { a: 1 }, _rawBody: "x" },
      reason: "BODY_CONFLICT",
      field: "_rawBody",
      message: "give either body (sent as JSON) or _rawBody (sent as it stands), not both",
    },
    {
      why: "_rawBody twice",
      input: { method: "POST", path: "/x", _rawBody: "x", body: { _rawBody: "y" } },
      reason: "BODY_CONFLICT",
      field: "body._rawBody",
      message: "_rawBody is given both at the top",
    },
    {
      why: "a _rawBody in body that is not a string",
      input: { method: "POST", path: "/x", body: { _rawBody: 1 } },
      reason: "INVALID_INPUT",
      field: "body._rawBody",
      message: "body._rawBody",
    },
    {
      why: "a _contentType in body that is not a string",
      input: { method: "POST", path: "/x", body: { _rawBody: "x", _contentType: 1 } },
      reason: "INVALID_INPUT",
      field: "body._contentType",
      message: "body._contentType",
    },
    {
      why: "two different _contentType",
      input: {
        method: "POST",
        path: "/x",
        _contentType: "text/plain",
        body: { _rawBody: "x", _contentType: "text/csv" },
      },
      reason: "BODY_CONFLICT",
      field: "body._contentType",
      message: "_contentType is given twice with different values",
    },
    {
      why: "_contentType without a body",
      input: { method: "POST", path: "/x", _contentType: "text/plain" },
      reason: "CONTENT_TYPE_WITHOUT_BODY",
      field: "_contentType",
      message: "add _rawBody (or body) or remove _contentType",
    },
    {
      why: "a _contentType that is not a media type",
      input: { method: "POST", path: "/x", _rawBody: "x", _contentType: "xml" },
      reason: "INVALID_CONTENT_TYPE",
      field: "_contentType",
      message: '_contentType "xml" is not a media type',
    },
    {
      why: "one unknown argument",
      input: { method: "GET", path: "/x", verb: "x" },
      reason: "UNKNOWN_ARGUMENT",
      field: "verb",
      message: 'unknown argument "verb": the tool accepts only',
    },
    {
      why: "two unknown arguments, headers among them",
      input: { method: "GET", path: "/x", headers: {}, verb: "x" },
      reason: "UNKNOWN_ARGUMENT",
      field: "headers",
      message: 'unknown arguments "headers", "verb": the tool accepts only',
    },
    {
      why: "a wrong type, named by its path",
      input: { method: "GET", path: 7 },
      reason: "INVALID_INPUT",
      field: "path",
      message: "invalid call: path: ",
    },
  ])("refuses $why, naming the field", ({ input, reason, field, message }) => {
    const error = invalid(input);
    expect(error).toMatchObject({ reason, field });
    expect(error.message).toContain(message);
  });
});
