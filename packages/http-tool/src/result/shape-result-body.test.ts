import { describe, expect, it } from "vitest";
import { createRedactor } from "./redact-secrets";
import { bodyKindOf, shapeResultBody } from "./shape-result-body";

const secret = "s3cr3t-TOKEN";
const redactor = createRedactor([secret]);
const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);
const shape = (
  text: string | Uint8Array,
  contentType: string | null,
  extra: { cut?: boolean; maxResultChars?: number } = {},
) =>
  shapeResultBody({
    bytes: typeof text === "string" ? bytesOf(text) : text,
    contentType,
    cut: extra.cut ?? false,
    declaredLength: null,
    maxResultChars: extra.maxResultChars ?? 32_000,
    redactor,
  });

describe("bodyKindOf", () => {
  it.each([
    ["application/json", "json"],
    ["application/problem+json", "json"],
    ["application/vnd.api+json", "json"],
    ["text/html", "text"],
    ["application/xml", "text"],
    ["application/atom+xml", "text"],
    ["application/javascript", "text"],
    ["application/x-www-form-urlencoded", "text"],
    ["image/png", "binary"],
    ["application/pdf", "binary"],
  ])("%s is %s", (mediaType, kind) => {
    expect(bodyKindOf(mediaType)).toBe(kind);
  });
});

describe("shapeResultBody", () => {
  it("redacts a secret hidden behind a JSON escape", () => {
    const escaped = `{"echo":"${secret.replace("s", "\\u0073")}"}`;
    expect(shape(escaped, "application/json").body).toEqual({ kind: "json", value: { echo: "[REDACTED]" } });
  });

  it("redacts a secret used as a JSON key", () => {
    expect(shape(`{"${secret}":1}`, "application/json").body).toEqual({ kind: "json", value: { "[REDACTED]": 1 } });
  });

  it("never inlines a small binary body that holds the secret", () => {
    const bytes = new Uint8Array([0, 1, 2, ...bytesOf(secret), 3]);
    const shaped = shape(bytes, "application/octet-stream");
    expect(shaped.body).toEqual({ kind: "binary", contentType: "application/octet-stream", size: bytes.length });
    expect(shaped.note).toMatch(/contains the credential/);
  });

  it("sniffs text without a content type, binary when it has control bytes", () => {
    expect(shape("plain words", null).body).toEqual({ kind: "text", value: "plain words" });
    expect(shape(new Uint8Array([1, 2, 3, 0]), null).body).toMatchObject({ kind: "binary", size: 4 });
  });

  it("a body cut at maxResponseBytes drops its end, where a secret may be split in two", () => {
    const text = `${"a".repeat(100)}${secret.slice(0, 6)}`;
    const shaped = shape(text, "application/json", { cut: true });
    expect(shaped.body.kind).toBe("text");
    expect((shaped.body as { value: string }).value).not.toContain(secret.slice(0, 6));
    expect(shaped.truncated?.note).toMatch(/declared JSON but cut/);
  });

  it.each([
    ["a long numeric key as a number", "98765432109876543210", '{"key": 98765432109876543210}', "text"],
    ["a short numeric key inside a long number", "43210", '{"n": 98765432109876543210}', "text"],
    ["a short numeric key as an exact number", "43210", '{"n": 43210}', "json"],
  ])("%s: shown as %s", (_why, numericSecret, text, kind) => {
    const shaped = shapeResultBody({
      bytes: bytesOf(text),
      contentType: "application/json",
      cut: false,
      declaredLength: null,
      maxResultChars: 1000,
      redactor: createRedactor([numericSecret]),
    });
    expect(shaped.body.kind).toBe(kind);
    expect(JSON.stringify(shaped.body)).not.toMatch(/9876543210987/);
    expect(JSON.stringify(shaped.body)).not.toContain(numericSecret);
  });
});
