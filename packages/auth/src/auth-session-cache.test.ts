import { describe, expect, it } from "vitest";
import { createAuthSessionCache } from "./auth-session-cache";

describe("auth session cache", () => {
  it("runs one task for 16 concurrent callers of the same key, and a new one after it settles", async () => {
    const cache = createAuthSessionCache();
    let runs = 0;
    const task = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return `token-${runs}`;
    };
    const answers = await Promise.all(Array.from({ length: 16 }, () => cache.singleFlight("token", task)));
    expect(new Set(answers)).toEqual(new Set(["token-1"]));
    expect(await cache.singleFlight("token", task)).toBe("token-2");
  });

  it("forgets a failed task, so the next caller tries again", async () => {
    const cache = createAuthSessionCache();
    await expect(cache.singleFlight("token", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.singleFlight("token", () => Promise.resolve("up"))).toBe("up");
  });

  it("keeps values by key until deleted or cleared", () => {
    const cache = createAuthSessionCache();
    cache.set("a", 1);
    cache.set("b", 2);
    cache.delete("a");
    expect([cache.get("a"), cache.get("b")]).toEqual([undefined, 2]);
    cache.clear();
    expect(cache.get("b")).toBeUndefined();
  });
});
