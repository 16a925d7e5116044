import { describe, expect, it } from "vitest";
import { cutText, truncateJson } from "./truncate-json";

/** 60 nested objects, each with a 900-character note: about 57,000 characters. */
function deepChain(levels: number): unknown {
  let value: unknown = "bottom";
  for (let level = 0; level < levels; level += 1) value = { note: "n".repeat(900), child: value };
  return value;
}

describe("truncateJson", () => {
  it("leaves a value that fits untouched", () => {
    const value = { a: [1, 2, 3], b: "x" };
    expect(truncateJson(value, 1000)).toEqual({ value, truncated: false, originalChars: JSON.stringify(value).length });
  });

  it.each([
    [
      "long array keeps first items and says how many were left out",
      Array.from({ length: 5000 }, (_, index) => ({ id: index, name: `item ${index}` })),
      /more items left out/,
    ],
    ["long string is shortened with a marker", { text: "a".repeat(100_000) }, /…\[truncated \d+ chars\]/],
    [
      "many keys get a '…' field",
      Object.fromEntries(Array.from({ length: 3000 }, (_, index) => [`key${index}`, index])),
      /more keys left out/,
    ],
    ["deep nesting is summarized", deepChain(60), /too deep/],
    ["a scalar string too long", "z".repeat(50_000), /truncated/],
  ])("%s, stays valid JSON within the budget", (_why, value, marker) => {
    for (const budget of [256, 2000, 32_000]) {
      const result = truncateJson(value, budget);
      const text = JSON.stringify(result.value);
      expect(result.truncated).toBe(true);
      expect(text.length).toBeLessThanOrEqual(budget);
      expect(JSON.parse(text)).toEqual(result.value);
      expect(result.originalChars).toBe(JSON.stringify(value).length);
    }
    expect(JSON.stringify(truncateJson(value, 32_000).value)).toMatch(marker);
  });

  it("keeps the first array items intact", () => {
    const value = Array.from({ length: 1000 }, (_, index) => index);
    const result = truncateJson(value, 500).value as unknown[];
    expect(result.slice(0, 3)).toEqual([0, 1, 2]);
    expect(result.at(-1)).toMatch(/^…\[\d+ more items left out\]$/);
  });

  it("fills the budget with as many items as fit, not the next coarser step's 50", () => {
    // 200 items of about 220 characters: 44,000 characters against 32,000.
    const value = Array.from({ length: 200 }, (_, index) => ({ id: index, title: `issue ${index} `.padEnd(200, "x") }));
    const result = truncateJson(value, 32_000);
    const text = JSON.stringify(result.value);
    expect(text.length).toBeLessThanOrEqual(32_000);
    expect(text.length).toBeGreaterThan(30_000);
    const items = result.value as unknown[];
    expect(items.at(-2)).toEqual(value[items.length - 2]);
    expect(items.at(-1)).toBe(`…[${200 - (items.length - 1)} more items left out]`);
  });

  it.each([
    { why: "a list longer than the first step's 200 items", length: 600, budget: 32_000 },
    { why: "one just over the budget", length: 430, budget: 32_000 },
    { why: "a raised budget", length: 2000, budget: 64_000 },
  ])("fills the budget past 200 items too: $why", ({ length, budget }) => {
    // Items of about 75 characters: far more than 200 fit the budget.
    const value = Array.from({ length }, (_, index) => ({ id: index, title: `item ${index} `.padEnd(60, "x") }));
    const text = JSON.stringify(truncateJson(value, budget).value);
    expect(text.length).toBeLessThanOrEqual(budget);
    expect(text.length).toBeGreaterThan(budget * 0.95);
    const items = truncateJson(value, budget).value as unknown[];
    expect(items.length - 1).toBeGreaterThan(200);
    expect(items.at(-1)).toBe(`…[${length - (items.length - 1)} more items left out]`);
  });

  it("keeps a nested list's items past 200 as well", () => {
    const value = { total: 1000, items: Array.from({ length: 1000 }, (_, index) => ({ id: index })) };
    const kept = (truncateJson(value, 5_000).value as { items: unknown[] }).items;
    expect(kept.length).toBeGreaterThan(300);
    expect(JSON.stringify(value).length).toBeGreaterThan(10_000);
  });

  it("keeps every item a tighter string limit lets fit", () => {
    // 100 items whose 2,000-character note alone is over budget at the loosest level.
    const value = Array.from({ length: 100 }, (_, index) => ({ id: index, note: "n".repeat(2000) }));
    const result = truncateJson(value, 110_000);
    const items = result.value as { id: number }[];
    expect(items).toHaveLength(100);
    expect(items.at(-1)?.id).toBe(99);
  });
});

describe("cutText", () => {
  it("does not split a surrogate pair", () => {
    expect(cutText("ab😀cd", 3)).toBe("ab");
    expect(cutText("ab😀cd", 4)).toBe("ab😀");
  });
});
