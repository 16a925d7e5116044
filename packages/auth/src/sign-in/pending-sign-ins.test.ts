import { describe, expect, it } from "vitest";
import type { SignInStart } from "./auth-sign-in";
import { createPendingSignIns } from "./pending-sign-ins";

const start = (state: string): SignInStart => ({ url: `https://auth.example.com/authorize?state=${state}`, awaits: "redirect", state, pending: { codeVerifier: `verifier-${state}` } });

describe("pending sign-ins", () => {
  it("a redirect's state finds its sign-in once: the second take (a replay) finds nothing", () => {
    const pending = createPendingSignIns();
    pending.add("crm", start("state-one"));
    const taken = pending.take("state-one");
    expect(taken).toMatchObject({ found: true, pending: { slug: "crm", start: { pending: { codeVerifier: "verifier-state-one" } } } });
    expect(pending.take("state-one")).toEqual({ found: false, reason: "unknown" });
    expect(pending.size()).toBe(0);
  });

  it("a state never issued is unknown", () => {
    const pending = createPendingSignIns();
    pending.add("crm", start("state-one"));
    expect(pending.take("forged")).toEqual({ found: false, reason: "unknown" });
    expect(pending.size()).toBe(1);
  });

  it("a redirect after the lifetime is refused as expired, naming the source, also after later sign-ins swept it", () => {
    let time = Date.parse("2026-01-01T00:00:00Z");
    const pending = createPendingSignIns({ lifetimeMs: 60_000, now: () => new Date(time) });
    const added = pending.add("crm", start("old"));
    pending.add("crm", start("old-too"));
    expect(added.expiresAt).toBe(time + 60_000);
    time += 59_999;
    expect(pending.take("old")).toMatchObject({ found: true });
    time += 1;
    pending.add("desk", start("new")); // sweeps "old-too"
    expect(pending.take("old-too")).toEqual({ found: false, reason: "expired", slug: "crm" });
    expect(pending.take("old-too")).toEqual({ found: false, reason: "unknown" });
    time += 60_000;
    expect(pending.take("new")).toEqual({ found: false, reason: "expired", slug: "desk" });
  });

  it("keeps at most maxPending sign-ins: the oldest is dropped", () => {
    const pending = createPendingSignIns({ maxPending: 2 });
    pending.add("a", start("1"));
    pending.add("b", start("2"));
    pending.add("c", start("3"));
    expect(pending.size()).toBe(2);
    expect(pending.take("1")).toEqual({ found: false, reason: "unknown" });
    expect(pending.take("3")).toMatchObject({ found: true, pending: { slug: "c" } });
  });

  it.each([
    { lifetimeMs: 0, maxPending: 1, message: /lifetimeMs: must be a positive integer/ },
    { lifetimeMs: 1.5, maxPending: 1, message: /lifetimeMs/ },
    { lifetimeMs: 1000, maxPending: 0, message: /maxPending: must be a positive integer/ },
  ])("refuses lifetimeMs $lifetimeMs, maxPending $maxPending", ({ lifetimeMs, maxPending, message }) => {
    expect(() => createPendingSignIns({ lifetimeMs, maxPending })).toThrow(message);
  });
});
