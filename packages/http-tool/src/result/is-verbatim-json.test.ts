import { describe, expect, it } from "vitest";
import { createRedactor } from "./redact-secrets";
import { isVerbatimJson } from "./is-verbatim-json";
import { shapeResultBody } from "./shape-result-body";
import { seededRandom } from "../../test/seeded-random";

/** Every key, string and number of a parsed JSON value, as text. */
function leavesOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number") return [String(value)];
  if (Array.isArray(value)) return value.flatMap(leavesOf);
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [key, ...leavesOf(item)]);
  return [];
}

describe("isVerbatimJson", () => {
  it.each([
    ['{"id": 12, "name": "item-1", "ok": true, "tags": ["a", null]}', true],
    ["  [ -0, 123456789012345 ]  ", true],
    ['{"a":"x","a":"y"}', true],
    ['{"name":"caf\\u00e9"}', false],
    ['{"quote":"\\""}', false],
    ['{"n":1e5}', false],
    ['{"n":1E5}', false],
    ['{"n":1.50}', false],
    ['{"n":1234567890123456789}', false],
    ['{"version":"v1.2"}', false],
  ])("%s -> %s", (text, expected) => {
    expect(isVerbatimJson(text)).toBe(expected);
  });

  it.each([
    '{"id": 12, "name": "item-1", "ok": true, "tags": ["a", null]}',
    '  [ -0, 123456789012345, "x y" ]  ',
    '{"a":"x","a":"y"}',
    '{"nested":{"deep":[[1],[2,{"k":"v"}]]}}',
  ])("when true, the serialization is no longer and every leaf is in the text: %s", (text) => {
    expect(isVerbatimJson(text)).toBe(true);
    const parsed: unknown = JSON.parse(text);
    expect(JSON.stringify(parsed).length).toBeLessThanOrEqual(text.length);
    for (const leaf of leavesOf(parsed)) expect(text).toContain(leaf);
  });
});

describe("shapeResultBody with and without the verbatim fast path", () => {
  const redactor = createRedactor(["100000", "s3cr3t"]);
  const shape = (text: string, maxResultChars = 32_000) =>
    shapeResultBody({
      bytes: new TextEncoder().encode(text),
      contentType: "application/json",
      cut: false,
      declaredLength: null,
      maxResultChars,
      redactor,
    });

  it.each([
    ['{"n":1e5}', { n: "[REDACTED]" }],
    ['{"n":100000.0}', { n: "[REDACTED]" }],
    ['{"k":"s3\\u0063r3t"}', { k: "[REDACTED]" }],
    ['{"s3cr3t":1}', { "[REDACTED]": 1 }],
    ['{"plain":"value","n":7}', { plain: "value", n: 7 }],
  ])("%s is shown as %j", (text, expected) => {
    expect(shape(text).body).toEqual({ kind: "json", value: expected });
  });

  it("a verbatim body longer than maxResultChars is still shortened structurally", () => {
    const text = JSON.stringify({
      items: Array.from({ length: 50 }, (_, index) => ({ id: index, name: `item-${index}` })),
    });
    const shaped = shape(text, 200);
    expect(shaped.truncated?.unit).toBe("chars");
    expect(JSON.stringify((shaped.body as { value: unknown }).value).length).toBeLessThanOrEqual(200);
  });
});

/** The implementation before the rewrite (three scans), kept here to compare. */
function isVerbatimJsonBefore(text: string): boolean {
  return !text.includes("\\") && !/[0-9][.eE]/.test(text) && !/[0-9]{16}/.test(text);
}

describe("isVerbatimJson: one regex, same answers as the three scans", () => {
  it("agrees on 200 000 random JSON-like texts", () => {
    const alphabet = [
      "0",
      "1",
      "5",
      "9",
      ".",
      "e",
      "E",
      "\\",
      '"',
      "a",
      "-",
      "+",
      " ",
      "{",
      "}",
      "[",
      "]",
      ":",
      ",",
      "\n",
      "é",
    ];
    const random = seededRandom(7);
    for (let round = 0; round < 200_000; round += 1) {
      const length = random(40);
      let text = "";
      for (let index = 0; index < length; index += 1)
        text += random(10) < 6 ? String(random(10)) : alphabet[random(alphabet.length)];
      if (isVerbatimJson(text) !== isVerbatimJsonBefore(text))
        expect(isVerbatimJson(text), JSON.stringify(text)).toBe(isVerbatimJsonBefore(text));
    }
  });

  it.each([
    ["1234567890123456", false],
    ["123456789012345", true],
    ['{"a":"x1234567890123456y"}', false],
    ["[1.5]", false],
    ["[1e5]", false],
    ["[1E5]", false],
    ['"e."', true],
    ['"a\\"b"', false],
    ["[-1, 2]", true],
  ] as const)("%s → %s", (text, expected) => {
    expect(isVerbatimJson(text)).toBe(expected);
    expect(isVerbatimJsonBefore(text)).toBe(expected);
  });
});
