import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { beforeEach, describe, expect, it } from "vitest";
import {
  openVault,
  resetVault,
  VAULT_ERROR_CODES,
  VAULT_FORMAT_VERSION,
  VaultDamagedError,
  VaultUnsupportedVersionError,
} from "@src/vault";
import type { Vault } from "@src/vault";
import { useTemporaryHome } from "../test/helpers";

let home: string;
let file: string;
let original: Buffer;
let vault: Vault;
useTemporaryHome((made) => ({ home, file } = made));
beforeEach(async () => {
  vault = await openVault({ home, env: {} });
  await vault.set("alpha", { token: "alpha-secret" });
  await vault.set("beta", { token: "beta-secret" });
  original = await readFile(file);
});

describe("a damaged vault is reported, never changed", () => {
  const cases = [
    { why: "an empty file", contents: () => Buffer.alloc(0), problem: /empty/ },
    { why: "only whitespace", contents: () => Buffer.from("\n  \n"), problem: /empty/ },
    { why: "cut after 1 byte", contents: () => original.subarray(0, 1), problem: /not valid JSON/ },
    { why: "cut in the header", contents: () => original.subarray(0, 60), problem: /not valid JSON/ },
    {
      why: "cut in the middle",
      contents: () => original.subarray(0, Math.floor(original.length / 2)),
      problem: /not valid JSON/,
    },
    { why: "cut one byte short", contents: () => original.subarray(0, original.length - 2), problem: /not valid JSON/ },
    { why: "another JSON document", contents: () => Buffer.from('{"sources": []}'), problem: /not a src vault file/ },
    { why: "a JSON array", contents: () => Buffer.from("[]"), problem: /not a src vault file/ },
    {
      why: 'a "__proto__" member injected into entries',
      contents: () =>
        Buffer.from(
          original
            .toString()
            .replace(
              '"entries": {',
              '"entries": {"__proto__": {"nonce": "AAAAAAAAAAAAAAAA", "tag": "AAAAAAAAAAAAAAAAAAAAAA==", "ciphertext": "", "updatedAt": "2026-01-01T00:00:00.000Z"},',
            ),
        ),
      problem: /entries\.__proto__/,
    },
    {
      why: 'a "__proto__" member inside an entry',
      contents: () => Buffer.from(original.toString().replace('"alpha": {', '"alpha": {"__proto__": {},')),
      problem: /entries\.alpha\.__proto__/,
    },
    {
      why: "entries missing",
      contents: () => Buffer.from(JSON.stringify({ ...JSON.parse(original.toString()), entries: undefined })),
      problem: /entries/,
    },
  ];

  it.each(cases)("$why gives DAMAGED; reads and writes refuse; the bytes stay", async ({ contents, problem }) => {
    const damaged = contents();
    await writeFile(file, damaged);
    const error = await openVault({ home, env: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VaultDamagedError);
    expect((error as Error).message).toMatch(problem);
    expect((error as Error).message).toContain(file);
    // the Vault opened before the damage refuses too, and writes nothing
    await expect(vault.get("alpha")).rejects.toMatchObject({ code: VAULT_ERROR_CODES.DAMAGED });
    await expect(vault.set("gamma", { token: "new" })).rejects.toMatchObject({ code: VAULT_ERROR_CODES.DAMAGED });
    await expect(vault.delete("alpha")).rejects.toMatchObject({ code: VAULT_ERROR_CODES.DAMAGED });
    await expect(vault.rotate({ kind: "keyFile", file: `${home}/other.key` })).rejects.toMatchObject({
      code: VAULT_ERROR_CODES.DAMAGED,
    });
    expect((await readFile(file)).equals(damaged)).toBe(true);
  });

  it("a newer format version is UNSUPPORTED_VERSION and says to upgrade", async () => {
    const newer = Buffer.from(
      JSON.stringify({ ...JSON.parse(original.toString()), version: VAULT_FORMAT_VERSION + 1 }),
    );
    await writeFile(file, newer);
    const error = await openVault({ home, env: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(VaultUnsupportedVersionError);
    expect((error as Error).message).toMatch(/Upgrade @src\/vault/);
    await expect(vault.set("gamma", { token: "new" })).rejects.toBeInstanceOf(VaultUnsupportedVersionError);
    expect((await readFile(file)).equals(newer)).toBe(true);
  });
});

describe("resetVault", () => {
  it("moves an unreadable vault aside (never deletes it), after which a new vault starts", async () => {
    await writeFile(file, original.subarray(0, 40));
    const { movedTo } = await resetVault({ file });
    expect(movedTo).toMatch(/vault\.json\.broken-\d{4}-\d\d-\d\dT/);
    expect((await readFile(movedTo!)).equals(original.subarray(0, 40))).toBe(true);
    const fresh = await openVault({ home, env: {} });
    expect(await fresh.list()).toEqual([]);
    await fresh.set("alpha", { token: "again" });
    expect((await (await openVault({ home, env: {} })).get<{ token: string }>("alpha"))?.token).toBe("again");
  });

  it("never overwrites an earlier broken copy, and reports when there is nothing to reset", async () => {
    await writeFile(file, "first broken");
    const first = await resetVault({ home, env: {} });
    await writeFile(file, "second broken");
    const second = await resetVault({ home, env: {} });
    expect(second.movedTo).not.toBe(first.movedTo);
    expect(await readFile(first.movedTo!, "utf8")).toBe("first broken");
    expect(await readFile(second.movedTo!, "utf8")).toBe("second broken");
    expect(await resetVault({ home, env: {} })).toEqual({ movedTo: undefined });
    const names = await readdir(home);
    expect(names.filter((name) => name.includes(".broken-"))).toHaveLength(2);
    expect((await stat(first.movedTo!)).isFile()).toBe(true);
  });
});
