import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createTestRegistry } from "../../test/auth-plugins";
import { useTemporaryHome } from "../../test/temporary-home";
import { readSourceFile } from "./read-source-file";

const registry = createTestRegistry();

describe("readSourceFile", () => {
  const temporaryHome = useTemporaryHome();

  async function write(content: string): Promise<string> {
    const directory = join(await temporaryHome(), "sources", "demo");
    await mkdir(directory, { recursive: true });
    const file = join(directory, "config.json");
    await writeFile(file, content);
    return file;
  }

  it("fills in the service fields of a hand-written file in memory, without writing", async () => {
    const text = JSON.stringify({
      type: "api",
      name: "Demo",
      slug: "demo",
      enabled: false,
      api: { baseUrl: "http://127.0.0.1:1", authType: "bearer", testEndpoint: "/me" },
    });
    const file = await write(text);
    const record = await readSourceFile(file, {
      registry,
      now: () => new Date("2025-03-04T05:06:07.000Z"),
      createId: () => "fixed-id",
    });
    expect(record).toMatchObject({
      id: "fixed-id",
      createdAt: "2025-03-04T05:06:07.000Z",
      enabled: false,
      status: { connectionStatus: "untested" },
    });
    expect(await readFile(file, "utf8")).toBe(text);
  });

  it.each([
    ["an empty file", "", /\(file\): is empty/],
    [
      "a syntax error, reported by line and column only",
      '{\n  "name": "secret-ish" x\n}',
      /\(file\): is not valid JSON/,
    ],
    ["a byte-order mark followed by an invalid record", "\uFEFF{}", /type: is required/],
  ])("reports %s naming the file", async (_why, content, pattern) => {
    const file = await write(content);
    const attempt = readSourceFile(file, { registry });
    await expect(attempt).rejects.toThrow(pattern);
    await expect(attempt).rejects.toThrow(file);
    const error: unknown = await attempt.catch((caught: unknown) => caught);
    expect(inspect(error, { depth: 5 })).not.toContain("secret-ish");
    expect(JSON.stringify(error)).not.toContain("secret-ish");
  });

  it("reports a missing file as SOURCE_NOT_FOUND", async () => {
    const directory = await temporaryHome();
    await expect(readSourceFile(join(directory, "sources", "gone", "config.json"), { registry })).rejects.toMatchObject(
      { code: "SOURCE_NOT_FOUND", slug: "gone" },
    );
  });
});
