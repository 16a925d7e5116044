import { mkdir, readFile, stat, utimes } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { openVault, vaultLockPath, VaultLockedError } from "@src/vault";
import { useTemporaryHome } from "../test/helpers";

let home: string;
let file: string;
useTemporaryHome((made) => ({ home, file } = made));

describe("the inter-process lock", () => {
  it("a lock held by someone else makes writes fail with VaultLockedError after the timeout, writing nothing", async () => {
    const vault = await openVault({ home, env: {}, lockTimeoutMs: 200 });
    await vault.set("alpha", { token: "one" });
    const before = await readFile(file);
    await mkdir(vaultLockPath(file));
    const error = await vault.set("alpha", { token: "two" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VaultLockedError);
    expect((error as VaultLockedError).lockFile).toBe(vaultLockPath(file));
    expect((error as Error).message).toContain("try again");
    expect((await readFile(file)).equals(before)).toBe(true);
    // reads do not need the lock
    expect((await vault.get<{ token: string }>("alpha"))?.token).toBe("one");
  });

  it("a stale lock left by a crashed process is taken over", async () => {
    const vault = await openVault({ home, env: {}, lockTimeoutMs: 5_000, lockStaleMs: 2_000 });
    await mkdir(vaultLockPath(file), { recursive: true });
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(vaultLockPath(file), longAgo, longAgo);
    await vault.set("alpha", { token: "after stale lock" });
    expect((await (await openVault({ home, env: {} })).get<{ token: string }>("alpha"))?.token).toBe(
      "after stale lock",
    );
    await expect(stat(vaultLockPath(file))).rejects.toMatchObject({ code: "ENOENT" });
  });
});
