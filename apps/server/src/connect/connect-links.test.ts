import { describe, expect, it } from "vitest";
import { connectLinkLifetimeMs, connectPageUrl, createConnectLinks } from "./connect-links";

describe("connect links", () => {
  it("are bound to one source and principal, used once, and expire after 10 minutes", () => {
    let now = 1_000_000;
    const links = createConnectLinks({ now: () => now });
    const first = links.issue("github", "idp:alice");
    const second = links.issue("github", "idp:alice");
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^srcc_[A-Za-z0-9_-]{32}$/);
    expect(links.peek(first.token)).toEqual({ slug: "github", principal: "idp:alice", expiresAtMs: now + 10 * 60 * 1000 });
    const taken = links.take(first.token);
    expect(taken?.principal).toBe("idp:alice");
    expect(links.take(first.token)).toBeUndefined();
    expect(links.peek(first.token)).toBeUndefined();
    // Put back after a failed attempt, it works once more; not after it expired.
    links.putBack(first.token, taken!);
    expect(links.peek(first.token)?.slug).toBe("github");
    now += connectLinkLifetimeMs - 1;
    expect(links.peek(second.token)).toBeDefined();
    now += 1;
    expect(links.peek(second.token)).toBeUndefined();
    expect(links.take(first.token)).toBeUndefined();
    links.putBack(first.token, taken!);
    expect(links.peek(first.token)).toBeUndefined();
    expect(connectPageUrl("https://src.example.com/", "srcc_x")).toBe("https://src.example.com/#/connect/srcc_x");
  });
});
