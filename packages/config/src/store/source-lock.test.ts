import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createTestRegistry } from "../../test/auth-plugins";
import { runChild } from "../../test/run-child";
import { bearerSourceInput } from "../../test/source-inputs";
import { useTemporaryHome } from "../../test/temporary-home";
import { ConfigError } from "../errors/config-error";
import { SourceLockedError } from "../errors/source-locked-error";
import { withSourceLock } from "./source-lock";
import { createSourceStore } from "./source-store";

const registry = createTestRegistry();
const input = bearerSourceInput("Locked", "http://127.0.0.1:9");

describe("the per-source write lock", () => {
  const temporaryHome = useTemporaryHome();

  it("lives in sources/.locks, is released after every write, and never shows up as a source", async () => {
    const home = await temporaryHome();
    const store = createSourceStore({ home, registry });
    expect(store.lockFileOf("locked")).toBe(join(home, "sources", ".locks", "locked.lock"));
    expect(() => store.lockFileOf("../x")).toThrow(/slug/);
    await store.create(input);
    await store.update("locked", { name: "Locked 2" });
    await store.setStatus("locked", { connectionStatus: "connected" });
    await mkdir(store.lockFileOf("locked"));
    expect((await store.list()).map((entry) => entry.slug)).toEqual(["locked"]);
    await rm(store.lockFileOf("locked"), { recursive: true });
    await store.remove("locked");
    expect(await readdir(join(home, "sources", ".locks"))).toEqual([]);
    expect(await store.list()).toEqual([]);
    expect((await store.create(input)).name).toBe("Locked");
  });

  it("a lock held by another live process: writes fail with SOURCE_LOCKED after the timeout and write nothing; reads go on", async () => {
    const home = await temporaryHome();
    const store = createSourceStore({ home, registry, lockTimeoutMs: 300 });
    await store.create(input);
    const before = await readFile(store.fileOf("locked"), "utf8");
    const holder = runChild("hold-lock.ts", [home, "locked", "10000"]);
    try {
      await holder.waitForLine("locked");
      const attempts = [
        store.update("locked", { enabled: false }),
        store.setStatus("locked", { connectionStatus: "failed" }),
        store.remove("locked"),
        store.create(input),
      ];
      for (const attempt of attempts) {
        const error = await attempt.catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(SourceLockedError);
        expect(ConfigError.isInstance(error)).toBe(true);
        expect(error).toMatchObject({
          code: "SOURCE_LOCKED",
          slug: "locked",
          reason: "timeout",
          lockFile: store.lockFileOf("locked"),
        });
        expect((error as Error).message).toMatch(
          /^source "locked" is being written by another process .* within 300 ms\. Nothing was written; try again\./,
        );
      }
      expect(await readFile(store.fileOf("locked"), "utf8")).toBe(before);
      expect((await store.get("locked")).enabled).toBe(true);
      expect((await store.list()).map((entry) => entry.slug)).toEqual(["locked"]);
    } finally {
      holder.kill("SIGKILL");
      await holder.exited;
    }
  });

  it("a lock left by a killed process is taken over once it is stale", async () => {
    const home = await temporaryHome();
    const store = createSourceStore({ home, registry, lockTimeoutMs: 15_000, lockStaleMs: 2_000 });
    await store.create(input);
    const holder = runChild("hold-lock.ts", [home, "locked", "2000"]);
    await holder.waitForLine("locked");
    holder.kill("SIGKILL");
    expect((await holder.exited).signal).toBe("SIGKILL");
    // The killed holder could not clean up: its lock is still there.
    expect((await stat(store.lockFileOf("locked"))).isDirectory()).toBe(true);
    const updated = await store.update("locked", { enabled: false });
    expect(updated.enabled).toBe(false);
    expect((await store.get("locked")).enabled).toBe(false);
    await expect(stat(store.lockFileOf("locked"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("a lock taken over while held makes assertHeld() throw a SourceLockedError with reason lost", async () => {
    const home = await temporaryHome();
    const lockFile = join(home, "sources", ".locks", "lost.lock");
    const options = { timeoutMs: 1_000, staleMs: 2_000 };
    const error = await withSourceLock({ slug: "lost", lockFile }, options, async (lock) => {
      lock.assertHeld();
      await rm(lockFile, { recursive: true });
      // The holder refreshes its lock every second and notices it is gone; bounded wait.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        try {
          lock.assertHeld();
        } catch (caught) {
          return caught;
        }
        await sleep(100);
      }
      return undefined;
    });
    expect(error).toBeInstanceOf(SourceLockedError);
    expect(error).toMatchObject({ code: "SOURCE_LOCKED", reason: "lost", slug: "lost" });
    expect((error as Error).message).toContain('source "lost" lost its write lock');
  });
});
