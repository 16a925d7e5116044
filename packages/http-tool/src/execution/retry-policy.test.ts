import { describe, expect, it } from "vitest";
import { computeRetryDelay, isIdempotentMethod, isRetryableStatus, parseRetryAfter } from "./retry-policy";

describe("retry rules", () => {
  it.each([
    ["GET", true],
    ["head", true],
    ["OPTIONS", true],
    ["PUT", true],
    ["DELETE", true],
    ["POST", false],
    ["PATCH", false],
  ])("method %s idempotent: %s", (method, expected) => {
    expect(isIdempotentMethod(method)).toBe(expected);
  });

  it.each([
    [408, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [400, false],
    [401, false],
    [404, false],
    [501, false],
  ])("status %i retryable: %s", (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2030-01-01T00:00:00Z");
  it.each([
    ["delay-seconds", "3", 3000],
    ["zero seconds", "0", 0],
    ["HTTP date 5 s ahead", "Tue, 01 Jan 2030 00:00:05 GMT", 5000],
    ["HTTP date in the past", "Mon, 31 Dec 2029 23:00:00 GMT", 0],
    ["garbage", "soon", undefined],
    ["absent", null, undefined],
  ])("%s", (_why, value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe("computeRetryDelay", () => {
  const options = { baseMs: 100, maxRetryAfterMs: 30_000 };
  it("caps Retry-After at maxRetryAfterMs", () => {
    expect(computeRetryDelay(1, "3600", options)).toBe(30_000);
  });
  it("backs off exponentially with jitter between half and all of the step", () => {
    for (let retry = 1; retry <= 4; retry += 1) {
      const step = 100 * 2 ** (retry - 1);
      const delay = computeRetryDelay(retry, null, options);
      expect(delay).toBeGreaterThanOrEqual(step / 2);
      expect(delay).toBeLessThanOrEqual(step);
    }
  });
});
