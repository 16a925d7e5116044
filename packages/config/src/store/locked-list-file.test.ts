import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTemporaryHome } from "../../test/temporary-home";
import { CONFIG_ERROR_CODES } from "../errors/config-error";
import { hasFieldTypes, lockedListFile } from "./locked-list-file";

const newHome = useTemporaryHome();
const isNumber = (value: unknown): value is number => typeof value === "number";
const listIn = (home: string) =>
  lockedListFile({
    home,
    fileName: "numbers.json",
    listKey: "numbers",
    isItem: isNumber,
    unavailableCode: CONFIG_ERROR_CODES.SIGN_INS_UNAVAILABLE,
    what: "numbers",
    lockTimeoutMs: 10_000,
  });

describe("lockedListFile: a list in one JSON file that several processes change", () => {
  it("reads nothing before the first change, then what was written, as { version, <listKey> } with mode 0600", async () => {
    const home = join(await newHome(), "not-yet");
    const list = listIn(home);
    expect(await list.read()).toEqual([]);
    expect(await list.change((items) => ({ items: [...items, 1, 2], result: "written" }))).toBe("written");
    expect(await list.read()).toEqual([1, 2]);
    const file = join(home, "numbers.json");
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ version: 1, numbers: [1, 2] });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("writes nothing when a change gives no items back", async () => {
    const home = await newHome();
    const list = listIn(home);
    await list.change(() => ({ items: [7], result: undefined }));
    await list.change(() => ({ items: undefined, result: undefined }));
    expect(await list.read()).toEqual([7]);
  });

  it("drops entries that are not items, and reads a damaged file as empty (the next change replaces it)", async () => {
    const home = await newHome();
    const file = join(home, "numbers.json");
    await writeFile(file, JSON.stringify({ version: 1, numbers: [1, "two", null, 3] }));
    expect(await listIn(home).read()).toEqual([1, 3]);
    await writeFile(file, "{ not json");
    expect(await listIn(home).read()).toEqual([]);
    await listIn(home).change((items) => ({ items: [...items, 4], result: undefined }));
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ version: 1, numbers: [4] });
  });

  it("says which file cannot be read, with the store's error code", async () => {
    const home = await newHome();
    await mkdir(join(home, "numbers.json"));
    await expect(listIn(home).read()).rejects.toMatchObject({
      code: CONFIG_ERROR_CODES.SIGN_INS_UNAVAILABLE,
      message: expect.stringContaining(`cannot read ${join(home, "numbers.json")} (EISDIR); check its permissions`),
    });
  });

  it("serializes changes made at once through several handles on the same home (as several processes would)", async () => {
    const home = await newHome();
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        listIn(home).change((items) => ({ items: [...items, index], result: undefined })),
      ),
    );
    expect((await listIn(home).read()).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, index) => index));
  });
});

describe("hasFieldTypes: the check of a list file's item", () => {
  const types = { slug: "string", keepUntil: "number" } as const;
  it.each([
    { why: "every named field has its type", value: { slug: "a", keepUntil: 1 }, expected: true },
    { why: "fields it does not name are not checked", value: { slug: "a", keepUntil: 1, extra: null }, expected: true },
    { why: "a field has another type", value: { slug: "a", keepUntil: "1" }, expected: false },
    { why: "a field is missing", value: { slug: "a" }, expected: false },
    { why: "null is no object", value: null, expected: false },
    { why: "a string is no object", value: "slug", expected: false },
  ])("$expected when $why", ({ value, expected }) => {
    expect(hasFieldTypes(value, types)).toBe(expected);
  });
});
