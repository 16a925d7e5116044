import { describe, expect, it } from "vitest";
import { parseTokenLifetime } from "./parse-token-lifetime";

describe("parseTokenLifetime", () => {
  it.each([
    { why: "days, the documented example", text: "30d", expected: 30 * 86_400_000 },
    { why: "minutes", text: "90m", expected: 90 * 60_000 },
    { why: "hours", text: "12h", expected: 12 * 3_600_000 },
    { why: "weeks", text: "2w", expected: 2 * 604_800_000 },
    { why: "surrounding spaces are ignored", text: " 1d ", expected: 86_400_000 },
    { why: "no unit", text: "30", expected: undefined },
    { why: "zero", text: "0d", expected: undefined },
    { why: "a negative number", text: "-1d", expected: undefined },
    { why: "a fraction", text: "1.5d", expected: undefined },
    { why: "an unknown unit", text: "1y", expected: undefined },
    { why: "upper-case unit", text: "1D", expected: undefined },
    { why: "more than ten years", text: "3651d", expected: undefined },
    { why: "a date instead of a lifetime", text: "2030-01-01", expected: undefined },
  ])("$why: $text", ({ text, expected }) => {
    expect(parseTokenLifetime(text)).toBe(expected);
  });
});
