import { describe, expect, it } from "vitest";
import { formatToolResult } from "./format-tool-result";
import type { ToolResult } from "./tool-result";

const base: ToolResult = {
  ok: true,
  status: 200,
  statusText: "OK",
  durationMs: 12,
  attempts: 1,
  headers: { "content-type": "application/json", etag: '"v1"' },
  body: { kind: "json", value: { items: [{ id: 1 }, { id: 2 }] } },
  request: { method: "GET", url: "http://127.0.0.1:8080/v1/items?limit=2" },
};

const rows: { why: string; result: ToolResult; expected: string[] }[] = [
  {
    why: "status line with method, URL and attempts",
    result: base,
    expected: ["HTTP 200 OK (ok) · GET http://127.0.0.1:8080/v1/items?limit=2 · 1 attempt · 12 ms"],
  },
  { why: "useful headers, one per line", result: base, expected: ["content-type: application/json", 'etag: "v1"'] },
  { why: "JSON body compact, after a blank line", result: base, expected: ['\n\n{"items":[{"id":1},{"id":2}]}'] },
  {
    why: "the call to go on with, the walk's select in it",
    result: {
      ...base,
      selected: "items[].id",
      pagination: {
        pages: 2,
        items: 4,
        more: true,
        next: { method: "GET", path: "/items", query: { cursor: "c3" }, select: "items[].id" },
      },
    },
    expected: [
      'to go on, call with {"method":"GET","path":"/items","query":{"cursor":"c3"},"select":"items[].id"} and paginate again',
    ],
  },
  {
    why: "non-2xx is marked not ok",
    result: { ...base, ok: false, status: 404, statusText: "Not Found" },
    expected: ["HTTP 404 Not Found (not ok)"],
  },
  {
    why: "text body as it is",
    result: { ...base, body: { kind: "text", value: "plain words" } },
    expected: ["\n\nplain words"],
  },
  {
    why: "binary body as type and size",
    result: { ...base, body: { kind: "binary", contentType: "image/png", size: 2048 } },
    expected: ["[binary body: image/png, 2048 bytes, not shown]"],
  },
  {
    why: "small binary body with its base64",
    result: { ...base, body: { kind: "binary", contentType: "image/gif", size: 3, base64: "R0lG" } },
    expected: ["base64 below]\nR0lG"],
  },
  {
    why: "truncation with original size and note",
    result: { ...base, truncated: { originalSize: 90_000, unit: "chars", note: "array cut after 10 of 500 items" } },
    expected: ["truncated (original 90000 chars): array cut after 10 of 500 items"],
  },
  {
    why: "next page path ready to pass back",
    result: { ...base, nextPath: "/items?page=2" },
    expected: ['next page: call again with path "/items?page=2"'],
  },
  {
    why: "a note",
    result: { ...base, note: "redirect to another origin not followed" },
    expected: ["note: redirect to another origin not followed"],
  },
  {
    why: "failure without response: code, retryable, message",
    result: {
      ...base,
      ok: false,
      status: 0,
      statusText: "",
      attempts: 3,
      headers: {},
      body: { kind: "empty" },
      error: { code: "TIMEOUT", message: "no answer within 30000 ms", retryable: true },
    },
    expected: [
      "no response · GET http://127.0.0.1:8080/v1/items?limit=2 · 3 attempts",
      "error TIMEOUT (retryable): no answer within 30000 ms",
    ],
  },
  {
    why: "a call that was never sent (invalid call, no credential) as not sent",
    result: {
      ...base,
      ok: false,
      status: 0,
      attempts: 0,
      durationMs: 0,
      headers: {},
      body: { kind: "empty" },
      error: { code: "NO_CREDENTIAL", message: "store one", retryable: false },
    },
    expected: ["not sent · GET http://127.0.0.1:8080/v1/items?limit=2\nerror NO_CREDENTIAL (not retryable): store one"],
  },
];

describe("formatToolResult", () => {
  it.each(rows)("shows $why", ({ result, expected }) => {
    const text = formatToolResult(result);
    for (const part of expected) expect(text).toContain(part);
  });

  it("adds nothing after the header lines for an empty body", () => {
    expect(formatToolResult({ ...base, body: { kind: "empty" } }).endsWith('etag: "v1"')).toBe(true);
  });

  it("stays bounded by the result's size: a large body is not expanded, long header values are cut", () => {
    const items = Array.from({ length: 2000 }, (_, index) => ({ id: index, name: `item ${index}` }));
    const result: ToolResult = {
      ...base,
      headers: { link: `<${"x".repeat(5000)}>; rel="next"` },
      body: { kind: "json", value: items },
    };
    const text = formatToolResult(result);
    expect(text.length).toBeLessThanOrEqual(JSON.stringify(result).length + 300);
    expect(text).not.toContain("x".repeat(600));
  });
});
