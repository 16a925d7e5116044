import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFileConnectLinkStore } from "@src/config";
import { afterEach, describe, expect, it } from "vitest";
import { connectLinkLifetimeMs, connectPageUrl, createConnectLinks } from "./connect-links";

const homes: string[] = [];
afterEach(async () => {
  await Promise.all(homes.splice(0).map((home) => rm(home, { recursive: true, force: true })));
});
async function newHome(): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), "src-connect-links-"));
  homes.push(home);
  return home;
}

describe("connect links", () => {
  it("are bound to one source and principal, used once, and expire after 10 minutes; the file holds no token", async () => {
    let now = Date.now();
    const home = await newHome();
    const links = createConnectLinks({ store: createFileConnectLinkStore({ home }), now: () => now });
    const first = await links.issue("github", "idp:alice");
    const second = await links.issue("github", "idp:alice");
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^srcc_[A-Za-z0-9_-]{32}$/);
    expect(await links.peek(first.token)).toEqual({
      slug: "github",
      principal: "idp:alice",
      expiresAtMs: now + 10 * 60 * 1000,
    });
    const file = await readFile(join(home, "connect-links.json"), "utf8");
    expect(file).not.toContain(first.token);
    expect(file).not.toContain(second.token);
    const taken = await links.take(first.token);
    expect(taken?.principal).toBe("idp:alice");
    expect(await links.take(first.token)).toBeUndefined();
    expect(await links.peek(first.token)).toBeUndefined();
    // Put back after a failed attempt, it works once more; not after it expired.
    await links.putBack(first.token);
    expect((await links.peek(first.token))?.slug).toBe("github");
    now += connectLinkLifetimeMs - 1;
    expect(await links.peek(second.token)).toBeDefined();
    now += 1;
    expect(await links.peek(second.token)).toBeUndefined();
    expect(await links.take(first.token)).toBeUndefined();
    expect(connectPageUrl("https://src.example.com/", "srcc_x")).toBe("https://src.example.com/#/connect/srcc_x");
  });

  it("tells a waiter of another process on the home that the person connected; not after expiry or abort", async () => {
    const home = await newHome();
    // Two instances on one home, as two processes: the waiter polls the file, the other connects.
    const waiterSide = createConnectLinks({ store: createFileConnectLinkStore({ home }), pollIntervalMs: 20 });
    const connectSide = createConnectLinks({ store: createFileConnectLinkStore({ home }), pollIntervalMs: 20 });
    const { token } = await waiterSide.issue("github", "idp:alice");
    const waiting = waiterSide.whenConnected(token);
    const link = await connectSide.take(token);
    // Taken, being stored: a waiter that comes now still waits for the outcome.
    const late = waiterSide.whenConnected(token);
    await connectSide.connected(token);
    expect(await waiting).toBe(true);
    expect(await late).toBe(true);
    expect(await waiterSide.whenConnected(token)).toBe(true);
    expect(link?.slug).toBe("github");

    expect(await waiterSide.whenConnected("srcc_unknown")).toBe(false);
    const other = await waiterSide.issue("github", "idp:bob");
    const controller = new AbortController();
    const aborted = waiterSide.whenConnected(other.token, controller.signal);
    controller.abort();
    expect(await aborted).toBe(false);
    const short = createConnectLinks({
      store: createFileConnectLinkStore({ home }),
      lifetimeMs: 30,
      pollIntervalMs: 10,
    });
    const soon = await short.issue("github", "idp:carol");
    expect(await short.whenConnected(soon.token)).toBe(false);
  });
});
