import { mkdir, mkdtemp, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withFileLock, type FileLockTarget } from "./with-file-lock";

class LockFailure extends Error {
  constructor(readonly reason: "timeout" | "lost") {
    super(`lock ${reason}`);
  }
}

let directory: string;
beforeEach(async () => (directory = await mkdtemp(join(tmpdir(), "src-file-lock-"))));
afterEach(() => rm(directory, { recursive: true, force: true }));

const targetOf = (overrides: Partial<FileLockTarget> = {}): FileLockTarget => ({
  lockFile: join(directory, "thing.lock"),
  timeoutMs: 5_000,
  staleMs: 2_000,
  failure: (reason) => new LockFailure(reason),
  ...overrides,
});

describe("withFileLock", () => {
  it("runs one holder at a time and releases the lock afterwards", async () => {
    let inside = 0;
    let overlapped = false;
    const work = async (): Promise<void> => {
      inside += 1;
      if (inside > 1) overlapped = true;
      await sleep(20);
      inside -= 1;
    };
    await Promise.all(Array.from({ length: 6 }, () => withFileLock(targetOf(), work)));
    expect(overlapped).toBe(false);
    await expect(stat(join(directory, "thing.lock"))).rejects.toThrow();
  });

  it("throws the caller's timeout error when the lock is not had in time, and runs nothing", async () => {
    let ran = false;
    await withFileLock(targetOf(), async () => {
      const waiting = withFileLock(targetOf({ timeoutMs: 150 }), async () => {
        ran = true;
      });
      await expect(waiting).rejects.toMatchObject({ reason: "timeout" });
    });
    expect(ran).toBe(false);
  });

  it("takes over a lock whose holder stopped refreshing it (a killed process)", async () => {
    const lockFile = join(directory, "thing.lock");
    await mkdir(lockFile);
    const old = new Date(Date.now() - 60_000);
    await utimes(lockFile, old, old);
    await expect(withFileLock(targetOf({ timeoutMs: 1_000 }), async () => "ran")).resolves.toBe("ran");
  });

  it("reports a lock taken away while held through assertHeld, with the caller's lost error", async () => {
    await withFileLock(targetOf(), async (lock) => {
      lock.assertHeld();
      await rm(join(directory, "thing.lock"), { recursive: true });
      await sleep(1_600); // proper-lockfile refreshes every staleMs / 2 and notices the lock is gone
      expect(() => lock.assertHeld()).toThrow(LockFailure);
    });
  });

  it("locks on behalf of a target path that need not exist", async () => {
    const result = await withFileLock(
      targetOf({ target: join(directory, "not-yet.json"), lockFile: join(directory, "not-yet.json.lock") }),
      async () => "ok",
    );
    expect(result).toBe("ok");
  });
});
