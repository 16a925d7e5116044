import { readFile, stat } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { openVault } from "@src/vault";
import { runChild, useTemporaryHome } from "../test/helpers";

let home: string;
useTemporaryHome((made) => ({ home } = made));

describe("several processes writing one vault", () => {
  it("8 processes x 25 entries, started together on a fresh home: one key file, all 200 entries present and correct", async () => {
    const writers = Array.from({ length: 8 }, (_, index) =>
      runChild("write-entries.ts", [`writer${index}`, "25"], { SRC_HOME: home }),
    );
    const results = await Promise.all(writers.map((writer) => writer.exited));
    for (const [index, result] of results.entries()) {
      expect(result, `writer ${index}: ${result.stderr}`).toMatchObject({ code: 0 });
      expect(writers[index]!.lines.at(-1)).toBe("done");
    }
    // every process raced to create the key file on first use; they must have agreed on one key
    const vault = await openVault({ home, env: {} });
    const slugs = (await vault.list()).map((entry) => entry.slug);
    expect(slugs).toHaveLength(200);
    for (let writer = 0; writer < 8; writer += 1) {
      for (let index = 0; index < 25; index += 1) {
        const slug = `writer${writer}-${index}`;
        expect((await vault.get<{ token: string }>(slug))?.token).toBe(`secret-${slug}`);
      }
    }
    expect((await stat(`${home}/vault.key`)).mode & 0o777).toBe(0o600);
    expect(await readFile(`${home}/vault.key`, "utf8")).toMatch(/^[A-Za-z0-9+/]{43}=\n$/);
  }, 60_000);
});
