import { spawn } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createServerLogger } from "../src/create-server-logger";
import { TokenRequiredError } from "../src/errors/token-required-error";
import { startServer } from "../src/start-server";
import { createLogCapture, createTestHome, linesLeakingSecrets, type TestHome } from "./helpers/test-home";

let testHome: TestHome;
beforeEach(async () => {
  testHome = await createTestHome();
});
afterEach(async () => {
  await testHome.cleanup();
});

describe("startServer", () => {
  it.each(["0.0.0.0", "::", "192.0.2.10"])(
    "refuses to bind %s without an explicit SRC_SERVER_TOKEN (and binds nothing)",
    async (host) => {
      const env = { SRC_HOME: testHome.home, SRC_VAULT_KEY: testHome.env.SRC_VAULT_KEY! };
      const error = await startServer({
        host,
        port: 0,
        env,
        logger: createServerLogger({ destination: createLogCapture().stream }),
      }).catch((thrown: unknown) => thrown);
      expect(TokenRequiredError.isInstance(error)).toBe(true);
      expect((error as Error).message).toContain("SRC_SERVER_TOKEN");
      expect((error as Error).message).toContain(host);
      await expect(stat(join(testHome.home, "server.token"))).rejects.toThrow("ENOENT");
    },
  );

  it("generates the token file (0600) on first start, requires it, and reuses it on the next start", async () => {
    const env = { SRC_HOME: testHome.home, SRC_VAULT_KEY: testHome.env.SRC_VAULT_KEY! };
    const logs = createLogCapture();
    const first = await startServer({ port: 0, env, logger: createServerLogger({ destination: logs.stream }) });
    expect(first.tokenFile).toBe(join(testHome.home, "server.token"));
    expect((await stat(first.tokenFile!)).mode & 0o777).toBe(0o600);
    const token = (await readFile(first.tokenFile!, "utf8")).trim();
    testHome.secrets.push(token);
    expect((await fetch(`${first.url}/v1/sources`)).status).toBe(401);
    expect((await fetch(`${first.url}/v1/sources`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
    await first.close();

    const second = await startServer({ port: 0, env, logger: createServerLogger({ destination: logs.stream }) });
    expect((await fetch(`${second.url}/v1/sources`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );
    await second.close();
    expect(
      logs
        .records()
        .filter((record) => record.event === "listening")
        .map((record) => record.tokenGenerated),
    ).toEqual([true, false]);
    expect(linesLeakingSecrets(logs.lines, testHome.secrets)).toEqual([]);
  });

  it("the bin starts, prints the token file path (never the token), and stops on SIGTERM", async () => {
    const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
    const bin = fileURLToPath(new URL("../src/bin.ts", import.meta.url));
    const env = {
      ...process.env,
      SRC_HOME: testHome.home,
      SRC_VAULT_KEY: testHome.env.SRC_VAULT_KEY!,
      SRC_SERVER_TOKEN: "",
    };
    const child = spawn(tsx, ["--conditions=@src/source", bin, "--port", "0", "--host", "127.0.0.1"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /listening on (http:\/\/\S+)/.exec(stderr);
        if (match !== null && stderr.includes("admin token:")) resolve(match[1]!);
      });
      child.on("close", (code) => reject(new Error(`bin exited ${code}: ${stderr}`)));
    });
    expect(stderr).toContain(`admin token: in ${join(testHome.home, "server.token")}`);
    const token = (await readFile(join(testHome.home, "server.token"), "utf8")).trim();
    testHome.secrets.push(token);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(linesLeakingSecrets([...stdout.split("\n"), ...stderr.split("\n")], testHome.secrets)).toEqual([]);
    expect(stdout).toContain('"event":"listening"');
  });

  it("the bin refuses a non-loopback host without a token, exit code 1", async () => {
    const tsx = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));
    const bin = fileURLToPath(new URL("../src/bin.ts", import.meta.url));
    const child = spawn(tsx, ["--conditions=@src/source", bin, "--host", "0.0.0.0", "--port", "0"], {
      env: { ...process.env, SRC_HOME: testHome.home, SRC_SERVER_TOKEN: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(1);
    expect(stderr).toContain("requires SRC_SERVER_TOKEN");
  });
});
