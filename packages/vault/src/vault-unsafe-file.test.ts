import { chmod, lstat, mkdir, readdir, readFile, readlink, rename, symlink } from "node:fs/promises";
import { inspect } from "node:util";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { openVault, VAULT_ERROR_CODES, VaultUnsafeFileError } from "@src/vault";
import { useTemporaryHome } from "../test/helpers";

let home: string;
let file: string;
let keyFile: string;
useTemporaryHome((made) => ({ home, file } = made));
beforeEach(async () => {
  keyFile = path.join(home, "vault.key");
});

/** Every name in `home` with what it is (and a link's target), to prove nothing was written. */
async function snapshot(): Promise<string[]> {
  const names = (await readdir(home)).sort();
  return Promise.all(
    names.map(async (name) => {
      const stats = await lstat(path.join(home, name));
      const what = stats.isSymbolicLink()
        ? `-> ${await readlink(path.join(home, name))}`
        : stats.isFile()
          ? (await readFile(path.join(home, name))).toString("base64")
          : "dir";
      return `${name} ${(stats.mode & 0o777).toString(8)} ${what}`;
    }),
  );
}

async function expectUnsafe(
  role: "vault file" | "key file",
  refusedPath: string,
  problem: RegExp,
): Promise<VaultUnsafeFileError> {
  const error = await openVault({ home, env: {} }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(VaultUnsafeFileError);
  expect(error).toMatchObject({ code: VAULT_ERROR_CODES.UNSAFE_FILE, role, path: refusedPath });
  expect((error as Error).message).toContain(refusedPath);
  expect((error as Error).message).toMatch(problem);
  return error as VaultUnsafeFileError;
}

describe("the vault file must be a regular file, not a symbolic link", () => {
  it("a dangling vault.json link is refused, and nothing (not even a key file) is written", async () => {
    await symlink(path.join(home, "mounted-elsewhere", "vault.json"), file);
    const before = await snapshot();
    await expectUnsafe("vault file", file, /is a symbolic link.*Replace the link/);
    expect(await snapshot()).toEqual(before);
  });

  it("a link to a real vault is refused, by a new and by an already open vault, and the target stays as it was", async () => {
    const vault = await openVault({ home, env: {} });
    await vault.set("alpha", { token: "alpha-secret" });
    const real = path.join(home, "real-vault.json");
    await rename(file, real);
    await symlink(real, file);
    const before = await snapshot();
    await expectUnsafe("vault file", file, /symbolic link/);
    await expect(vault.get("alpha")).rejects.toBeInstanceOf(VaultUnsafeFileError);
    await expect(vault.set("beta", { token: "beta-secret" })).rejects.toBeInstanceOf(VaultUnsafeFileError);
    expect(await snapshot()).toEqual(before);
  });

  it("a directory at the vault path is refused", async () => {
    await mkdir(file);
    await expectUnsafe("vault file", file, /not a regular file/);
  });
});

describe("the key file must be a private regular file", () => {
  it.each(["0644", "0640", "0604", "0660", "0602"])(
    "mode %s is refused with a chmod 600 hint; the vault is unchanged",
    async (modeText) => {
      const mode = Number.parseInt(modeText, 8);
      const vault = await openVault({ home, env: {} });
      await vault.set("alpha", { token: "alpha-secret" });
      const key = await readFile(keyFile, "utf8");
      await chmod(keyFile, mode);
      const before = await snapshot();
      const error = await expectUnsafe(
        "key file",
        keyFile,
        /can be accessed by other users \(mode 0[0-7]{3}\).*chmod 600/,
      );
      expect(`${inspect(error, { depth: 10 })} ${JSON.stringify(error)}`).not.toContain(key.trim());
      expect(await snapshot()).toEqual(before);
      await chmod(keyFile, 0o600);
      expect((await (await openVault({ home, env: {} })).get<{ token: string }>("alpha"))?.token).toBe("alpha-secret");
    },
  );

  it.each(["0400", "0700"])("mode %s (owner only) is accepted", async (modeText) => {
    const vault = await openVault({ home, env: {} });
    await vault.set("alpha", { token: "alpha-secret" });
    await chmod(keyFile, Number.parseInt(modeText, 8));
    expect((await (await openVault({ home, env: {} })).get<{ token: string }>("alpha"))?.token).toBe("alpha-secret");
  });

  it("a key file that is a link to a private key file is refused", async () => {
    const vault = await openVault({ home, env: {} });
    await vault.set("alpha", { token: "alpha-secret" });
    await rename(keyFile, path.join(home, "real.key"));
    await symlink(path.join(home, "real.key"), keyFile);
    const before = await snapshot();
    await expectUnsafe("key file", keyFile, /is a symbolic link/);
    expect(await snapshot()).toEqual(before);
  });

  it("a dangling key file link on first use is refused; no key and no vault are created", async () => {
    await symlink(path.join(home, "nowhere.key"), keyFile);
    const before = await snapshot();
    await expectUnsafe("key file", keyFile, /is a symbolic link/);
    expect(await snapshot()).toEqual(before);
  });
});
