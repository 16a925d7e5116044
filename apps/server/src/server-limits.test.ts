import { describe, expect, it } from "vitest";
import { defaultServerLimits, normalizeServerLimits } from "./server-limits";

describe("normalizeServerLimits", () => {
  it("fills in the defaults", () => {
    expect(normalizeServerLimits()).toEqual(defaultServerLimits);
    expect(normalizeServerLimits({ maxBodyBytes: 10 })).toEqual({ ...defaultServerLimits, maxBodyBytes: 10 });
  });

  it("allows an empty queue", () => {
    expect(normalizeServerLimits({ maxQueuedCallsPerSource: 0 }).maxQueuedCallsPerSource).toBe(0);
  });

  it.each([
    { limits: { maxBodyBytes: 0 }, field: "limits.maxBodyBytes" },
    { limits: { maxConcurrentCallsPerSource: 1.5 }, field: "limits.maxConcurrentCallsPerSource" },
    { limits: { maxQueuedCallsPerSource: -1 }, field: "limits.maxQueuedCallsPerSource" },
    { limits: { shutdownTimeoutMs: Number.NaN }, field: "limits.shutdownTimeoutMs" },
  ])("rejects $field", ({ limits, field }) => {
    expect(() => normalizeServerLimits(limits)).toThrow(field);
  });
});
