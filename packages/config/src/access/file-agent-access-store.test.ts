import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useContractHomes } from "../../test/contract-homes";
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
