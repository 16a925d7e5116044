import { describe, expect, it } from "vitest";
import { findJsonError } from "./find-json-error";

describe("findJsonError", () => {
  it.each([
    ['{"a": [1, 2.5e3, -0, true, false, null, "x\\u00e9\\n"], "b": {}}'],
    ["[]"],
    [' \n "text" \n'],
    ["[".repeat(5000) + "]".repeat(5000)],
  ])("valid JSON has no error: %s", (text) => {
    expect(() => JSON.parse(text) as unknown).not.toThrow();
    expect(findJsonError(text)).toBeUndefined();
  });

  it.each([
    ['{"received": tok_ABC}', 1, 14, "an unquoted word where a value goes"],
    ['{"echo": "tok"x}', 1, 15, "text after a string"],
    ['{"unterminated": [1, 2', 1, 23, "the end of the text inside an array"],
    ['{\n  "a": 1,\n  "b": 01\n}', 3, 9, "a leading zero, on line 3"],
    ["", 1, 1, "an empty body"],
    ["[1,]", 1, 4, "a trailing comma"],
    ['{"a" 1}', 1, 6, "a missing colon"],
    ["{a: 1}", 1, 2, "an unquoted key"],
    ['"bad \\x escape"', 1, 6, "an invalid escape"],
    ["{} {}", 1, 4, "a second value"],
  ])("%j fails at line %i column %i (%s)", (text, line, column, _why) => {
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect(findJsonError(text)).toMatchObject({ line, column });
  });
});
