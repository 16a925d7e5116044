import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { openVault } from "@src/vault";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { binPath, runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { sourceAddArgs } from "./helpers/source-add-args";
import { srcMcpTransport } from "./helpers/src-mcp-transport";

const token = "rotate-bearer-token-8c1d2e";
const password = "rotate-basic-password-5a7b";
let temp: TempHome;
let bearer: Upstream;
let basic: Upstream;
/** SRC_HOME only: the key comes from the key file `vault.key`. */
let keyFileEnv: Record<string, string>;

const add = (
  env: Record<string, string>,
  slug: string,
  upstream: Upstream,
  auth: string[],
  secret: string,
): Promise<RunResult> =>
  runSrc(sourceAddArgs({ name: slug, slug, baseUrl: upstream.url }, ...auth, "--credential-stdin"), {
    env,
    stdin: secret,
  });

async function expectCallsWork(env: Record<string, string | undefined>): Promise<RunResult[]> {
  const results = [
    await runSrc(["call", "bearer-api", "GET", "/me", "--json"], { env }),
    await runSrc(["call", "basic-api", "GET", "/me", "--json"], { env }),
  ];
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
  for (const result of results)
    for (const secret of secrets) expect(result.stdout + result.stderr).not.toContain(secret);
};

describe("src vault rotate", () => {
  it("without a new key: writes a new key file, every credential still works, and the old key no longer opens the vault", async () => {
    const oldKey = (await readFile(join(temp.home, "vault.key"), "utf8")).trim();
    const rotated = await runSrc(["vault", "rotate", "--json"], { env: keyFileEnv });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout)).toMatchObject({
      rotated: true,
      credentials: 2,
      newKey: "keyFile",
      keyFile: join(temp.home, "vault.key"),
    });
    const newKey = (await readFile(join(temp.home, "vault.key"), "utf8")).trim();
    expect(newKey).not.toBe(oldKey);
    const calls = await expectCallsWork(keyFileEnv);

    const withOldKey = await runSrc(["call", "bearer-api", "GET", "/me"], {
      env: { ...keyFileEnv, SRC_VAULT_KEY: oldKey },
    });
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
    const rotated = await runSrc(["vault", "rotate", "--new-passphrase", "--json"], {
      env: keyFileEnv,
      stdin: passphrase,
    });
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
    const wrongKey = await runSrc(["vault", "rotate"], {
      env: { ...keyFileEnv, SRC_VAULT_KEY: randomBytes(32).toString("base64") },
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain("does not match");
    const both = await runSrc(["vault", "rotate", "--new-key-stdin", "--new-passphrase"], {
      env: keyFileEnv,
      stdin: randomBytes(32).toString("base64"),
    });
    expect(both.code).toBe(2);
    expect(await readFile(join(temp.home, "vault.json"))).toEqual(vaultBefore);
    expect(await readFile(join(temp.home, "vault.key"))).toEqual(keyBefore);
    expect(
      (await temp.files())
        .map((file) => file.path.slice(temp.home.length + 1))
        .filter((name) => name.startsWith("vault.key")),
    ).toEqual(["vault.key"]);
    await expectCallsWork(keyFileEnv);
  });

  it("a rotation that stopped after re-encrypting, before replacing the key file, is finished by the next run", async () => {
    // The state a crash between the vault write and the key file rename leaves: the vault opens only with vault.key.next.
    const vault = await openVault({ home: temp.home, env: keyFileEnv });
    await vault.rotate({ kind: "keyFile", file: join(temp.home, "vault.key.next") });
    // The vault's write is the rotation's commit: readers already open it with the next key file.
    await expectCallsWork(keyFileEnv);

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

  it("a running `src serve` keeps serving with the new key file, without a restart", async () => {
    const adminToken = `admin-${randomBytes(12).toString("hex")}`;
    const serve = await startServe({ ...keyFileEnv, SRC_SERVER_TOKEN: adminToken });
    try {
      const call = async (): Promise<{ ok?: boolean; status?: number; error?: { code: string } }> => {
        const answer = await fetch(`${serve.url}/v1/tools/api_bearer_api/call`, {
          method: "POST",
          headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
          body: JSON.stringify({ method: "GET", path: "/me" }),
        });
        return (await answer.json()) as { ok?: boolean; status?: number };
      };
      expect(await call()).toMatchObject({ ok: true, status: 200 });
      const rotated = await runSrc(["vault", "rotate"], { env: keyFileEnv });
      expect(rotated.code, rotated.stderr).toBe(0);
      expect(rotated.stdout).toContain("picks it up by itself, no restart needed");
      expect(rotated.stdout).not.toMatch(/restart any running/);
      expect(await call()).toMatchObject({ ok: true, status: 200 });
      // A write by the server after the rotation is under the new key: a new process reads it.
      const stored = await fetch(`${serve.url}/v1/sources/bearer-api/credential`, {
        method: "PUT",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ token }),
      });
      expect(stored.status, await stored.text()).toBeLessThan(300);
      await expectCallsWork(keyFileEnv);
      expect(serve.output()).not.toContain("vault reset");
      expect(serve.output()).not.toContain("WRONG_KEY");
      noSecretIn([{ code: 0, stdout: serve.output(), stderr: "" }], [token, password]);
    } finally {
      await serve.stop();
    }
  });

  it("a running `src mcp` keeps serving with the new key file, without a restart", async () => {
    let stderr = "";
    const transport = srcMcpTransport(keyFileEnv, (text) => (stderr += text));
    const client = new Client({ name: "rotate-test", version: "0.0.0" });
    await client.connect(transport);
    try {
      const call = () => client.callTool({ name: "api_basic_api", arguments: { method: "GET", path: "/me" } });
      expect((await call()).isError).toBe(false);
      const rotated = await runSrc(["vault", "rotate"], { env: keyFileEnv });
      expect(rotated.code, rotated.stderr).toBe(0);
      const after = await call();
      expect(after.isError, JSON.stringify(after)).toBe(false);
      expect(JSON.stringify(after)).not.toContain(password);
    } finally {
      await client.close();
    }
    expect(stderr).not.toContain("vault reset");
  });
});

/** `src serve --port 0 --json` on `env`, resolved once it prints its URL. */
async function startServe(
  env: Record<string, string>,
): Promise<{ url: string; output(): string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [binPath, "serve", "--port", "0", "--json"], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    // A server that never says it listens is stopped, not left running after the test.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`src serve did not print its URL within 20 s: ${stdout}${stderr}`));
    }, 20_000);
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const match = /"url":\s*"([^"]+)"/.exec(stdout);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(match[1]);
    });
    child.once("close", () => {
      clearTimeout(timer);
      reject(new Error(`src serve ended before listening: ${stderr}`));
    });
  });
  return {
    url,
    output: () => stdout + stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await closed;
    },
  };
}
