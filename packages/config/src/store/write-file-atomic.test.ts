import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTemporaryHome } from "../../test/temporary-home";
import { writeFileAtomic } from "./write-file-atomic";

describe("writeFileAtomic", () => {
  const temporaryHome = useTemporaryHome();

  it("writes with mode 0600 and leaves no temporary file", async () => {
    const directory = await temporaryHome();
    const file = join(directory, "config.json");
    await writeFileAtomic(file, "one");
    await writeFileAtomic(file, "two");
    expect(await readFile(file, "utf8")).toBe("two");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(directory)).toEqual(["config.json"]);
  });

  it("never replaces an existing file when exclusive, and cleans up", async () => {
    const directory = await temporaryHome();
    const file = join(directory, "config.json");
    await writeFile(file, "original");
    await expect(writeFileAtomic(file, "new", { exclusive: true })).rejects.toMatchObject({ code: "EEXIST" });
    expect(await readFile(file, "utf8")).toBe("original");
    expect(await readdir(directory)).toEqual(["config.json"]);
  });

  it("fails without a trace when the target cannot be replaced", async () => {
    const directory = await temporaryHome();
    const target = join(directory, "config.json");
    await mkdir(join(target, "inner"), { recursive: true });
    await expect(writeFileAtomic(target, "text")).rejects.toThrow();
    expect((await readdir(directory)).sort()).toEqual(["config.json"]);
  });
});
