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
    expect(links.peek(first.token)).toEqual({
      slug: "github",
      principal: "idp:alice",
      expiresAtMs: now + 10 * 60 * 1000,
    });
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

  it("tells a waiter when the person connected, also while the credential is being stored; not after expiry or abort", async () => {
    const links = createConnectLinks({ lifetimeMs: 60_000 });
    const { token } = links.issue("github", "idp:alice");
    const waiting = links.whenConnected(token);
    const link = links.take(token)!;
    // Taken, being stored: a waiter that comes now still waits for the outcome.
    const late = links.whenConnected(token);
    links.connected(token);
    expect(await waiting).toBe(true);
    expect(await late).toBe(true);
    expect(await links.whenConnected(token)).toBe(true);
    expect(link.slug).toBe("github");

    expect(await links.whenConnected("srcc_unknown")).toBe(false);
    const other = links.issue("github", "idp:bob");
    const controller = new AbortController();
    const aborted = links.whenConnected(other.token, controller.signal);
    controller.abort();
    expect(await aborted).toBe(false);
    const short = createConnectLinks({ lifetimeMs: 20 });
    const soon = short.issue("github", "idp:carol");
    expect(await short.whenConnected(soon.token)).toBe(false);
  });
});
