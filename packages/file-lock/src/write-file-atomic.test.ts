import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { removeStrayTemporaryFiles, writeFileAtomic } from "./write-file-atomic";

let directory: string;
beforeEach(async () => (directory = await mkdtemp(join(tmpdir(), "src-write-file-atomic-"))));
afterEach(() => rm(directory, { recursive: true, force: true }));

describe("writeFileAtomic", () => {
  it("replaces the file, with mode 0600, and leaves no temporary file", async () => {
    const file = join(directory, "config.json");
    await writeFileAtomic(file, "one");
    await writeFileAtomic(file, "two");
    expect(await readFile(file, "utf8")).toBe("two");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(directory)).toEqual(["config.json"]);
  });

  it("creates a missing file when exclusive", async () => {
    const file = join(directory, "key");
    await writeFileAtomic(file, "first", { exclusive: true });
    expect(await readFile(file, "utf8")).toBe("first");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(directory)).toEqual(["key"]);
  });

  it("never replaces an existing file when exclusive (EEXIST), and cleans up", async () => {
    const file = join(directory, "config.json");
    await writeFile(file, "original");
    await expect(writeFileAtomic(file, "new", { exclusive: true })).rejects.toMatchObject({ code: "EEXIST" });
    expect(await readFile(file, "utf8")).toBe("original");
    expect(await readdir(directory)).toEqual(["config.json"]);
  });

  it("fails without a trace when the target cannot be replaced", async () => {
    const target = join(directory, "config.json");
    await mkdir(join(target, "inner"), { recursive: true });
    await expect(writeFileAtomic(target, "text")).rejects.toThrow();
    expect(await readdir(directory)).toEqual(["config.json"]);
    expect(await readdir(target)).toEqual(["inner"]);
  });
});

describe("removeStrayTemporaryFiles", () => {
  it("removes the file's own `<file>.tmp-*` only", async () => {
    const file = join(directory, "vault.json");
    await writeFile(file, "kept");
    await writeFile(`${file}.tmp-123-abc`, "stray");
    await writeFile(join(directory, "other.json.tmp-1-2"), "another file's");
    await writeFile(join(directory, "vault.json.bak"), "not temporary");
    await removeStrayTemporaryFiles(file);
    expect((await readdir(directory)).sort()).toEqual(["other.json.tmp-1-2", "vault.json", "vault.json.bak"]);
  });
});
