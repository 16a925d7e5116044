import { randomBytes } from "node:crypto";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  defaultScryptCost,
  openVault,
  VAULT_ERROR_CODES,
  VaultKeyMismatchError,
  VaultKeyMissingError,
  InvalidVaultKeyError,
} from "@src/vault";
import type { OpenVaultOptions, Vault } from "@src/vault";
import { testScryptCost, useTemporaryHome } from "../test/helpers";

let home: string;
let file: string;
useTemporaryHome((made) => ({ home, file } = made));

/** Opens with `options` and tries every read and write; all must fail with `code`, and the file must not change. */
async function expectRefusedUnchanged(options: OpenVaultOptions, code: string, secrets: readonly string[]) {
  const before = await readFile(file);
  const mtimeBefore = (await stat(file)).mtimeMs;
  const error = await openVault({ home, scryptCost: testScryptCost, ...options }).catch((caught: unknown) => caught);
  expect(error).toMatchObject({ code, file });
  if (code === VAULT_ERROR_CODES.WRONG_KEY)
    expect((error as Error).message).toContain("the vault key does not match this vault");
  for (const secret of secrets) expect(inspect(error, { depth: 10 })).not.toContain(secret);
  expect((await readFile(file)).equals(before)).toBe(true);
  expect((await stat(file)).mtimeMs).toBe(mtimeBefore);
}

async function seed(options: OpenVaultOptions): Promise<Vault> {
  const vault = await openVault({ home, scryptCost: testScryptCost, ...options });
  await vault.set("github", { token: "seeded-secret" });
  return vault;
}

describe("wrong key is reported as such, and the file is left alone", () => {
  it("wrong SRC_VAULT_KEY", async () => {
    await seed({ env: { SRC_VAULT_KEY: randomBytes(32).toString("base64") } });
    const wrong = randomBytes(32).toString("base64");
    await expectRefusedUnchanged({ env: { SRC_VAULT_KEY: wrong } }, VAULT_ERROR_CODES.WRONG_KEY, [wrong]);
  });

  it("wrong passphrase", async () => {
    await seed({ env: { SRC_VAULT_PASSPHRASE: "the right one" } });
    await expectRefusedUnchanged({ env: { SRC_VAULT_PASSPHRASE: "the wrong one" } }, VAULT_ERROR_CODES.WRONG_KEY, [
      "the wrong one",
    ]);
  });

  it("a different key file", async () => {
    await seed({ env: {} });
    await writeFile(`${home}/vault.key`, randomBytes(32).toString("base64"));
    await expectRefusedUnchanged({ env: {} }, VAULT_ERROR_CODES.WRONG_KEY, []);
  });

  it("a passphrase given for a key vault says to unset it", async () => {
    await seed({ env: {} });
    await expectRefusedUnchanged({ env: { SRC_VAULT_PASSPHRASE: "Zebra-9431" } }, VAULT_ERROR_CODES.WRONG_KEY, [
      "Zebra-9431",
    ]);
    await expect(openVault({ home, env: { SRC_VAULT_PASSPHRASE: "Zebra-9431" } })).rejects.toThrow(
      /unset SRC_VAULT_PASSPHRASE/,
    );
  });

  it("a key given for a passphrase vault says to set SRC_VAULT_PASSPHRASE", async () => {
    await seed({ env: { SRC_VAULT_PASSPHRASE: "pass" } });
    await expect(openVault({ home, env: {} })).rejects.toThrow(/set SRC_VAULT_PASSPHRASE/);
    await expectRefusedUnchanged(
      { env: { SRC_VAULT_KEY: randomBytes(32).toString("base64") } },
      VAULT_ERROR_CODES.WRONG_KEY,
      [],
    );
  });

  it("a missing key file is KEY_MISSING, and no new key file is made for an existing vault", async () => {
    await seed({ env: {} });
    await rm(`${home}/vault.key`);
    await expectRefusedUnchanged({ env: {} }, VAULT_ERROR_CODES.KEY_MISSING, []);
    await expect(openVault({ home, env: {} })).rejects.toBeInstanceOf(VaultKeyMissingError);
    await expect(stat(`${home}/vault.key`)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("a damaged key file is INVALID_KEY and names the file", async () => {
    await seed({ env: {} });
    await writeFile(`${home}/vault.key`, "short");
    await expect(openVault({ home, env: {} })).rejects.toBeInstanceOf(InvalidVaultKeyError);
    await expect(openVault({ home, env: {} })).rejects.toThrow(`${home}/vault.key`);
  });
});

describe("passphrase vaults at the default cost", () => {
  it("store the default scrypt parameters, reopen with the passphrase, refuse another (runs the real cost a few times)", async () => {
    const vault = await openVault({ home, env: { SRC_VAULT_PASSPHRASE: "real cost" } });
    await vault.set("slow", { token: "worth-protecting" });
    const header = JSON.parse(await readFile(file, "utf8")) as { kdf: Record<string, unknown> };
    expect(header.kdf).toMatchObject({ name: "scrypt", ...defaultScryptCost });
    expect(
      (await (await openVault({ home, env: { SRC_VAULT_PASSPHRASE: "real cost" } })).get<{ token: string }>("slow"))
        ?.token,
    ).toBe("worth-protecting");
    await expect(openVault({ home, env: { SRC_VAULT_PASSPHRASE: "real cosT" } })).rejects.toBeInstanceOf(
      VaultKeyMismatchError,
    );
  });
});
