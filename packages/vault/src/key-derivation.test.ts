import { describe, expect, it } from "vitest";
import { isValidScryptCost, SCRYPT_MAX_MEMORY_BYTES } from "./key-derivation";

// Found by mutation testing (`pnpm mutation`): a vault header names its own scrypt cost, so every bound is what keeps an
// edited header from making unlock run out of memory or hang.
describe("isValidScryptCost", () => {
  it.each([
    { why: "the default", cost: { N: 2 ** 16, r: 8, p: 1 }, valid: true },
    { why: "the smallest", cost: { N: 2, r: 1, p: 1 }, valid: true },
    {
      why: "at the memory bound (half of maxmem)",
      cost: { N: SCRYPT_MAX_MEMORY_BYTES / 2 / 128 / 8, r: 8, p: 1 },
      valid: true,
    },
    { why: "over the memory bound", cost: { N: SCRYPT_MAX_MEMORY_BYTES / 128 / 8, r: 8, p: 1 }, valid: false },
    { why: "N not a power of two", cost: { N: 3 * 2 ** 10, r: 8, p: 1 }, valid: false },
    { why: "N of 1", cost: { N: 1, r: 8, p: 1 }, valid: false },
    { why: "N fractional", cost: { N: 2 ** 14 + 0.5, r: 8, p: 1 }, valid: false },
    { why: "r fractional", cost: { N: 2 ** 14, r: 1.5, p: 1 }, valid: false },
    { why: "p fractional", cost: { N: 2 ** 14, r: 8, p: 1.5 }, valid: false },
    { why: "r of 0", cost: { N: 2 ** 14, r: 0, p: 1 }, valid: false },
    { why: "p of 0", cost: { N: 2 ** 14, r: 8, p: 0 }, valid: false },
    { why: "p of 16", cost: { N: 2 ** 4, r: 1, p: 16 }, valid: true },
    { why: "p of 17", cost: { N: 2 ** 4, r: 1, p: 17 }, valid: false },
    { why: "N beyond safe integers", cost: { N: 2 ** 60, r: 1, p: 1 }, valid: false },
  ])("$why: $valid", ({ cost, valid }) => {
    expect(isValidScryptCost(cost)).toBe(valid);
  });
});
