import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openVault } from "@src/vault";
import { useTemporaryHome } from "../test/helpers";

let home: string;
let file: string;
useTemporaryHome((made) => ({ home, file } = made));

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("withCredentialLock", () => {
  it("runs one holder of a credential's lock at a time across vault instances, and others at once", async () => {
    const first = await openVault({ home, env: {} });
    const second = await openVault({ home, env: {} });
    await first.set("alpha", { token: "one" });
    const order: string[] = [];
    const release = gate();
    const held = first.withCredentialLock({ slug: "alpha" }, async () => {
      order.push("first in");
      await release.opened;
      await first.set("alpha", { token: "renewed" });
      order.push("first out");
      return "first";
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = second.withCredentialLock({ slug: "alpha" }, async () => {
      order.push(`second in, sees ${(await second.get<{ token: string }>("alpha"))?.token}`);
      return "second";
    });
    // Another credential (another slug, or a principal's connection of the same slug) is not held up.
    await second.withCredentialLock({ slug: "beta" }, async () => void order.push("beta"));
    await second.withCredentialLock({ slug: "alpha", principal: "token:ana" }, async () => void order.push("ana"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual(["first in", "beta", "ana"]);
    release.open();
    expect(await Promise.all([held, waiting])).toEqual(["first", "second"]);
    expect(order).toEqual(["first in", "beta", "ana", "first out", "second in, sees renewed"]);
    // Nothing is left beside the vault file.
    expect((await readdir(path.dirname(file))).filter((name) => name.includes(".lock"))).toEqual([]);
  });

  it("releases the lock when the action throws, and passes the error on", async () => {
    const vault = await openVault({ home, env: {} });
    await expect(
      vault.withCredentialLock({ slug: "alpha" }, async () => {
        throw new Error("the token request failed");
      }),
    ).rejects.toThrow("the token request failed");
    expect(await vault.withCredentialLock({ slug: "alpha" }, async () => "again")).toBe("again");
  });

  it("refuses a slug or principal the vault would refuse", async () => {
    const vault = await openVault({ home, env: {} });
    await expect(vault.withCredentialLock({ slug: "../x" }, async () => "no")).rejects.toThrow(/slug/);
  });
});
