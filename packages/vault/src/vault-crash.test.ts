import { readdir, rm } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openVault, vaultLockPath } from "@src/vault";
import { createTemporaryHome, runChild } from "../test/helpers";

const ROUNDS = 25;

let home: string;
let file: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ home, file, cleanup } = await createTemporaryHome()));
afterEach(async () => cleanup());

describe("crash safety", () => {
  it(`a writer killed with SIGKILL at random moments, ${ROUNDS} times: the vault always opens and holds every entry whose set returned`, async () => {
    const committed = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const writer = runChild("write-entries.ts", [`round${round}`, "100000"], { SRC_HOME: home });
      await writer.waitForLine("ready");
      // wait a random time, a few sets' worth, then kill mid-write
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 120));
      writer.kill("SIGKILL");
      const { signal } = await writer.exited;
      expect(signal).toBe("SIGKILL");
      for (const line of writer.lines) if (line.startsWith(`round${round}-`)) committed.add(line);

      const vault = await openVault({ home, env: {} });
      const present = new Set((await vault.list()).map((entry) => entry.slug));
      for (const slug of committed) {
        expect(present.has(slug), `${slug} was acknowledged but is missing after round ${round}`).toBe(true);
        expect((await vault.get<{ token: string }>(slug))?.token).toBe(`secret-${slug}`);
      }
      // The writer is dead, so its lock is stale; remove it rather than wait the 2-10 s stale period each round.
      // (Taking over a stale lock is tested in vault-lock.test.ts.)
      await rm(vaultLockPath(file), { recursive: true, force: true });
    }
    expect(committed.size).toBeGreaterThan(0);

    // a later write cleans up temporary files left by killed writers
    const vault = await openVault({ home, env: {} });
    await vault.set("after-crashes", { token: "fine" });
    expect((await readdir(home)).filter((name) => name.includes(".tmp-"))).toEqual([]);
  }, 120_000);
});
