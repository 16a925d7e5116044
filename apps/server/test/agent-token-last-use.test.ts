import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFileAgentAccessStore, sha256Of, type StoredAgentToken } from "@src/config";
import { afterEach, describe, expect, it } from "vitest";
import { createAgentTokenIndex } from "../src/agent-tokens/agent-token-index";
import { createAgentTokenStore } from "../src/agent-tokens/agent-token-store";

const homes: string[] = [];
afterEach(async () => {
  await Promise.all(homes.splice(0).map((home) => rm(home, { recursive: true, force: true })));
});

/** A home with agent tokens `names` made as `src token create` makes them, and the server's token index on it. */
async function serverHome(...names: string[]) {
  const home = await mkdtemp(join(tmpdir(), "src-last-use-"));
  homes.push(home);
  const values: string[] = [];
  for (const name of names) values.push((await createAgentTokenStore({ home }).create({ name })).token);
  const damaged: Error[] = [];
  // Every read looks at the file (the server's default looks at most every 250 ms): what the file is now is answered.
  const access = createFileAgentAccessStore({ home, refreshIntervalMs: 0 });
  const index = createAgentTokenIndex({ access, onDamaged: (error) => damaged.push(error) });
  const file = join(home, "agent-tokens.json");
  return { home, file, values, damaged, index };
}

/**
 * Runs `meanwhile` while holding the token file's lock as another process would (proper-lockfile's lock directory,
 * fresh, so the store waits for it): a last-use write started before waits, and reads the file only after.
 */
async function holdingTheLock(file: string, meanwhile: () => Promise<void>): Promise<void> {
  await mkdir(`${file}.lock`);
  try {
    await meanwhile();
  } finally {
    await rm(`${file}.lock`, { recursive: true });
  }
}

describe("a call's last-use write (not awaited by the call) on the file store", () => {
  it("leaves a token file damaged after the call byte for byte, never fails the call, and the next call answers damaged", async () => {
    const { home, file, values, damaged, index } = await serverHome("kept");
    const damage = '{"version": 2, "tokens": [';
    await holdingTheLock(file, async () => {
      // The call is answered while its last-use write waits for the lock; then the file is damaged.
      expect(await index.lookup(values[0]!)).toMatchObject({ found: true, caller: { name: "kept" } });
      await writeFile(file, damage);
    });
    await index.flush();
    expect(await readFile(file, "utf8")).toBe(damage);
    expect(await readdir(home)).toEqual(["agent-tokens.json"]);
    const next = await index.lookup(values[0]!);
    expect(next).toMatchObject({ found: false, reason: "unreadable", error: { code: "AGENT_TOKENS_DAMAGED" } });
    expect((next as { error: Error }).error.message).toContain("restore it from a backup, or delete it");
    expect(damaged).toHaveLength(1);
    expect(await readFile(file, "utf8")).toBe(damage);
  });

  it("writes into the file as it is now: a token revoked meanwhile stays revoked, one created meanwhile stays", async () => {
    const { file, values, index } = await serverHome("revoked-meanwhile", "used");
    const [revokedValue, usedValue] = values as [string, string];
    const createdValue = `srca_${randomBytes(24).toString("hex")}`;
    let created: StoredAgentToken | undefined;
    await holdingTheLock(file, async () => {
      expect(await index.lookup(revokedValue)).toMatchObject({ found: true });
      expect(await index.lookup(usedValue)).toMatchObject({ found: true });
      // Meanwhile another process holding the lock revokes one token and creates another (an atomic replace).
      const current = JSON.parse(await readFile(file, "utf8")) as { tokens: StoredAgentToken[] };
      const used = current.tokens.find((token) => token.name === "used")!;
      created = {
        ...used,
        id: randomBytes(16).toString("hex"),
        name: "created-meanwhile",
        prefix: createdValue.slice(0, 12),
        sha256: sha256Of(createdValue),
      };
      const next = { ...current, tokens: [used, created] };
      await writeFile(`${file}.other-process`, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
      await rename(`${file}.other-process`, file);
    });
    await index.flush();
    const { tokens } = JSON.parse(await readFile(file, "utf8")) as { tokens: StoredAgentToken[] };
    expect(tokens.map((token) => token.name)).toEqual(["used", "created-meanwhile"]);
    expect(tokens[0]?.lastUsedAt).toEqual(expect.any(String));
    expect(tokens[1]).toEqual(created);
    expect(await index.lookup(revokedValue)).toEqual({ found: false, reason: "unknown" });
    expect(await index.lookup(createdValue)).toMatchObject({ found: true, caller: { name: "created-meanwhile" } });
  });
});
