import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withFileLock } from "@src/file-lock";
import { describe, expect, it } from "vitest";
import { useContractHomes } from "../../test/contract-homes";
import { useTemporaryHome } from "../../test/temporary-home";
import type { StoredAgentToken } from "./access-records";
import { describeAgentAccessStoreContract } from "../testing";
import { createFileAgentAccessStore } from "./file-agent-access-store";

// The shared contract (also run against the PostgreSQL store by @src/store-postgres): a fresh SRC_HOME per test, and
// "same" is a second store on that home, as a second process (the CLI beside a running server) would open it.
const homeFor = useContractHomes();

describeAgentAccessStoreContract("the file store (agent-tokens.json under SRC_HOME)", {
  open: async (place) => createFileAgentAccessStore({ home: await homeFor(place) }),
});

describe("a damaged agent-tokens.json", () => {
  it("fails every read until it is readable again, not only the first one after the damage", async () => {
    const home = await mkdtemp(join(tmpdir(), "src-access-damaged-"));
    try {
      const store = createFileAgentAccessStore({ home });
      const sha256 = "a".repeat(64);
      await store.addToken({
        id: "0123456789abcdef0123456789abcdef",
        name: "kept",
        prefix: "srca_abc",
        sha256,
        sources: null,
        readOnly: false,
        rateLimit: null,
        createdAt: new Date().toISOString(),
        expiresAt: null,
      });
      expect((await store.findStaticToken(sha256))?.name).toBe("kept");
      const file = join(home, "agent-tokens.json");
      const saved = await readFile(file, "utf8");
      await writeFile(file, '{"broken');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Right after a failed read as much as later: the content from before the damage is not served meanwhile.
      for (let attempt = 0; attempt < 3; attempt += 1)
        await expect(store.findStaticToken(sha256)).rejects.toMatchObject({ code: "AGENT_TOKENS_DAMAGED" });
      await writeFile(file, saved);
      expect((await store.findStaticToken(sha256))?.name).toBe("kept");
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});

/** A static agent token record named `name`, with a random id and digest. */
const staticToken = (name: string): StoredAgentToken => ({
  id: randomBytes(16).toString("hex"),
  name,
  prefix: "srca_abc",
  sha256: randomBytes(32).toString("hex"),
  sources: null,
  readOnly: false,
  rateLimit: null,
  createdAt: new Date().toISOString(),
  expiresAt: null,
  lastUsedAt: null,
});

describe("a token's last-use write (markTokenUsed, sent by the server after a call and not awaited)", () => {
  const newHome = useTemporaryHome();
  /** A server's store (its copy in memory kept for a minute) and the file, with the tokens `names` and that copy warm. */
  async function opened(...names: string[]) {
    const home = await newHome();
    const store = createFileAgentAccessStore({ home, refreshIntervalMs: 60_000 });
    const tokens = names.map(staticToken);
    for (const token of tokens) await store.addToken(token);
    for (const token of tokens) expect(await store.findStaticToken(token.sha256!)).toEqual(token);
    return { home, store, tokens, file: join(home, "agent-tokens.json") };
  }

  it.each([
    { why: "not JSON (a torn write)", damage: '{"version": 2, "tokens": [' },
    { why: "empty", damage: "" },
    { why: "JSON of another shape (a bad hand edit)", damage: '{"version": 2, "tokens": "oops"}\n' },
  ])(
    "never writes over a file damaged after the call ($why): the file stays byte for byte, and the write is skipped",
    async ({ damage }) => {
      const { home, store, tokens, file } = await opened("kept");
      // The damage lands while the write waits for the lock (as between a call and its last-use write): the store's
      // copy in memory is still good, and the write takes the lock only after the file is damaged.
      const write = await withFileLock(
        {
          lockFile: `${file}.lock`,
          target: file,
          timeoutMs: 5_000,
          staleMs: 10_000,
          failure: (reason) => new Error(`test lock: ${reason}`),
        },
        async () => {
          const pending = store.markTokenUsed(tokens[0]!.id, new Date().toISOString());
          await writeFile(file, damage);
          return { pending };
        },
      );
      await expect(write.pending).rejects.toMatchObject({ code: "AGENT_TOKENS_DAMAGED" });
      expect(await readFile(file, "utf8")).toBe(damage);
      expect((await readdir(home)).sort()).toEqual(["agent-tokens.json"]);
      // A write that comes later finds the same damage and skips too; reads report it (the operator's 503).
      await expect(store.markTokenUsed(tokens[0]!.id, new Date().toISOString())).rejects.toMatchObject({
        code: "AGENT_TOKENS_DAMAGED",
      });
      await expect(store.findStaticToken(randomBytes(32).toString("hex"))).rejects.toMatchObject({
        code: "AGENT_TOKENS_DAMAGED",
      });
      expect(await readFile(file, "utf8")).toBe(damage);
    },
  );

  it("changes the file as it is now: never brings back a token another process revoked, never drops one it created", async () => {
    const { home, store, tokens, file } = await opened("revoked", "used");
    const [revoked, used] = tokens as [StoredAgentToken, StoredAgentToken];
    // Another process (the CLI on the same home) revokes one token and creates another; the server's copy is stale.
    const cli = createFileAgentAccessStore({ home });
    await cli.removeToken("revoked");
    const created = staticToken("created-meanwhile");
    await cli.addToken(created);
    expect(await store.findStaticToken(revoked.sha256!)).toEqual(revoked);

    const before = await readFile(file, "utf8");
    await store.markTokenUsed(revoked.id, new Date().toISOString());
    expect(await readFile(file, "utf8")).toBe(before);
    const at = new Date().toISOString();
    await store.markTokenUsed(used.id, at);
    expect(await cli.listTokens()).toEqual([{ ...used, lastUsedAt: at }, created]);
  });
});

describe("a token revoked by another process", () => {
  it("is refused by the very next look-up, however recently this store read the file", async () => {
    const home = await mkdtemp(join(tmpdir(), "src-access-revoked-"));
    try {
      // The server's store, and the CLI's (`src token revoke`) on the same home.
      const server = createFileAgentAccessStore({ home });
      const cli = createFileAgentAccessStore({ home });
      const token = staticToken("revoked-elsewhere");
      await cli.addToken(token);
      expect(await server.findStaticToken(token.sha256!)).toMatchObject({ name: "revoked-elsewhere" });
      expect(await cli.removeToken("revoked-elsewhere")).toMatchObject({ name: "revoked-elsewhere" });
      // No wait: the look-up right after the revocation already misses.
      expect(await server.findStaticToken(token.sha256!)).toBeUndefined();
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
