import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { openVault } from "@src/vault";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";

const token = "rotate-bearer-token-8c1d2e";
const password = "rotate-basic-password-5a7b";
let temp: TempHome;
let bearer: Upstream;
let basic: Upstream;
/** SRC_HOME only: the key comes from the key file `vault.key`. */
let keyFileEnv: Record<string, string>;

const add = (env: Record<string, string>, slug: string, upstream: Upstream, auth: string[], secret: string): Promise<RunResult> =>
  runSrc(["source", "add", "--name", slug, "--slug", slug, "--base-url", upstream.url, ...auth, "--test-endpoint", "/me", "--credential-stdin"], { env, stdin: secret });

async function expectCallsWork(env: Record<string, string | undefined>): Promise<RunResult[]> {
  const results = [await runSrc(["call", "bearer-api", "GET", "/me", "--json"], { env }), await runSrc(["call", "basic-api", "GET", "/me", "--json"], { env })];
  for (const result of results) {
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, status: 200 });
  }
  return results;
}

beforeEach(async () => {
  temp = await createTempHome();
  keyFileEnv = { SRC_HOME: temp.home };
  bearer = await startUpstream({ type: "bearer", token });
  basic = await startUpstream({ type: "basic", username: "ada", password });
  expect((await add(keyFileEnv, "bearer-api", bearer, ["--auth", "bearer"], token)).code).toBe(0);
  expect((await add(keyFileEnv, "basic-api", basic, ["--auth", "basic", "--username", "ada"], password)).code).toBe(0);
});

afterEach(async () => {
  await bearer.close();
  await basic.close();
  await temp.cleanup();
});

const noSecretIn = (results: RunResult[], secrets: string[]): void => {
  for (const result of results) for (const secret of secrets) expect(result.stdout + result.stderr).not.toContain(secret);
};

describe("src vault rotate", () => {
  it("without a new key: writes a new key file, every credential still works, and the old key no longer opens the vault", async () => {
    const oldKey = (await readFile(join(temp.home, "vault.key"), "utf8")).trim();
    const rotated = await runSrc(["vault", "rotate", "--json"], { env: keyFileEnv });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout)).toMatchObject({ rotated: true, credentials: 2, newKey: "keyFile", keyFile: join(temp.home, "vault.key") });
    const newKey = (await readFile(join(temp.home, "vault.key"), "utf8")).trim();
    expect(newKey).not.toBe(oldKey);
    const calls = await expectCallsWork(keyFileEnv);

    const withOldKey = await runSrc(["call", "bearer-api", "GET", "/me"], { env: { ...keyFileEnv, SRC_VAULT_KEY: oldKey } });
    expect(withOldKey.code).not.toBe(0);
    expect(withOldKey.stderr).toContain("does not match");
    noSecretIn([rotated, ...calls, withOldKey], [token, password, oldKey, newKey]);
  });

  it("--new-key-stdin: the new key opens the vault, the old one does not; the key is never printed", async () => {
    const oldKey = (await readFile(join(temp.home, "vault.key"), "utf8")).trim();
    const newKey = randomBytes(32).toString("base64");
    const rotated = await runSrc(["vault", "rotate", "--new-key-stdin"], { env: keyFileEnv, stdin: `${newKey}\n` });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toContain("Re-encrypted 2 credentials");
    expect(rotated.stdout).toContain("SRC_VAULT_KEY");
    const calls = await expectCallsWork({ ...keyFileEnv, SRC_VAULT_KEY: newKey });
    const withOldKey = await runSrc(["tools"], { env: keyFileEnv });
    expect(withOldKey.code).not.toBe(0);
    noSecretIn([rotated, ...calls, withOldKey], [token, password, oldKey, newKey]);
  });

  it("--new-passphrase from stdin: the passphrase opens the vault afterwards", async () => {
    const passphrase = "correct horse battery staple 41";
    const rotated = await runSrc(["vault", "rotate", "--new-passphrase", "--json"], { env: keyFileEnv, stdin: passphrase });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout)).toMatchObject({ rotated: true, credentials: 2, newKey: "passphrase" });
    const calls = await expectCallsWork({ ...keyFileEnv, SRC_VAULT_PASSPHRASE: passphrase });
    noSecretIn([rotated, ...calls], [token, password, passphrase]);
  });

  it("a refusal changes nothing: a malformed new key, a wrong current key, both flags", async () => {
    const vaultBefore = await readFile(join(temp.home, "vault.json"));
    const keyBefore = await readFile(join(temp.home, "vault.key"));
    const malformed = await runSrc(["vault", "rotate", "--new-key-stdin"], { env: keyFileEnv, stdin: "not-a-key" });
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain("--new-key-stdin");
    expect(malformed.stderr).toContain("32 random bytes in base64");
    const wrongKey = await runSrc(["vault", "rotate"], { env: { ...keyFileEnv, SRC_VAULT_KEY: randomBytes(32).toString("base64") } });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain("does not match");
    const both = await runSrc(["vault", "rotate", "--new-key-stdin", "--new-passphrase"], { env: keyFileEnv, stdin: randomBytes(32).toString("base64") });
    expect(both.code).toBe(2);
    expect(await readFile(join(temp.home, "vault.json"))).toEqual(vaultBefore);
    expect(await readFile(join(temp.home, "vault.key"))).toEqual(keyBefore);
    expect((await temp.files()).map((file) => file.path.slice(temp.home.length + 1)).filter((name) => name.startsWith("vault.key"))).toEqual(["vault.key"]);
    await expectCallsWork(keyFileEnv);
  });

  it("a rotation that stopped after re-encrypting, before replacing the key file, is finished by the next run", async () => {
    // The state a crash between the vault write and the key file rename leaves: the vault opens only with vault.key.next.
    const vault = await openVault({ home: temp.home, env: keyFileEnv });
    await vault.rotate({ kind: "keyFile", file: join(temp.home, "vault.key.next") });
    expect((await runSrc(["tools"], { env: keyFileEnv })).code).not.toBe(0);

    const finished = await runSrc(["vault", "rotate", "--json"], { env: keyFileEnv });
    expect(finished.code, finished.stderr).toBe(0);
    expect(JSON.parse(finished.stdout)).toMatchObject({ rotated: true, completedInterrupted: true, credentials: 2 });
    await expectCallsWork(keyFileEnv);
  });

  it("a leftover next key file that never opened the vault is discarded, and the rotation runs", async () => {
    await writeFile(join(temp.home, "vault.key.next"), `${randomBytes(32).toString("base64")}\n`, { mode: 0o600 });
    const rotated = await runSrc(["vault", "rotate", "--json"], { env: keyFileEnv });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout)).toMatchObject({ completedInterrupted: false, credentials: 2 });
    await expectCallsWork(keyFileEnv);
  });
});
