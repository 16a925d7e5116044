import { readdir, rm } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { openVault, vaultLockPath } from "@src/vault";
import { runChild, useTemporaryHome } from "../test/helpers";

const ROUNDS = 25;

let home: string;
let file: string;
useTemporaryHome((made) => ({ home, file } = made));

describe("crash safety", () => {
  it(`a writer killed with SIGKILL at random moments, ${ROUNDS} times: the vault always opens and holds every entry whose set returned`, async () => {
    const committed = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const writer = runChild("write-entries.ts", [`round${round}`, "100000"], { SRC_HOME: home });
      await writer.waitForLine("ready");
      // Until one set was acknowledged, wait for one first: on a loaded machine a set can take longer than the random
      // wait below, and a run in which every writer died before its first set would check nothing.
      if (committed.size === 0) await writer.waitForLine(`round${round}-0`);
      // wait a random time, a few sets' worth, then kill mid-write
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 120));
      writer.kill("SIGKILL");
      const { signal } = await writer.exited;
      expect(signal).toBe("SIGKILL");
      const thisRound = writer.lines.filter((line) => line.startsWith(`round${round}-`));
      for (const slug of thisRound) committed.add(slug);

      // Every round: the vault opens and lists every entry acknowledged so far; this round's entries decrypt to their
      // values (every entry is read once more at the end, which keeps the test linear on a loaded machine).
      const vault = await openVault({ home, env: {} });
      const present = new Set((await vault.list()).map((entry) => entry.slug));
      for (const slug of committed)
        expect(present.has(slug), `${slug} was acknowledged but is missing after round ${round}`).toBe(true);
      for (const slug of thisRound) expect((await vault.get<{ token: string }>(slug))?.token).toBe(`secret-${slug}`);
      // The writer is dead, so its lock is stale; remove it rather than wait the 2-10 s stale period each round.
      // (Taking over a stale lock is tested in vault-lock.test.ts.)
      await rm(vaultLockPath(file), { recursive: true, force: true });
    }
    expect(committed.size).toBeGreaterThan(0);

    // a later write cleans up temporary files left by killed writers
    const vault = await openVault({ home, env: {} });
    for (const slug of committed)
      expect((await vault.get<{ token: string }>(slug))?.token, `${slug} after every round`).toBe(`secret-${slug}`);
    await vault.set("after-crashes", { token: "fine" });
    expect((await readdir(home)).filter((name) => name.includes(".tmp-"))).toEqual([]);
  }, 300_000);
});
