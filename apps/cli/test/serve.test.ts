import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binPath, runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";

let temp: TempHome;
beforeAll(async () => {
  temp = await createTempHome();
});
afterAll(() => temp.cleanup());

// Only the wiring: the server's own behaviour is tested in apps/server.
describe("src serve", () => {
  it("--json prints { url } once listening, logs go to stderr, SIGTERM stops it with exit 0", async () => {
    const child = spawn(process.execPath, [binPath, "serve", "--port", "0", "--json"], { env: { PATH: process.env.PATH, ...temp.env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        try {
          resolve((JSON.parse(stdout) as { url: string }).url);
        } catch {
          // not complete yet
        }
      });
      child.once("close", () => reject(new Error(`serve ended early: ${stderr}`)));
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/`);
    expect(response.status).toBeGreaterThanOrEqual(200);
    child.kill("SIGTERM");
    expect(await closed).toBe(0);
    expect(stderr).toContain('"event":"listening"');
  });

  it("a busy port: exit 1, names the address taken, suggests --port or that another server may be running", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const result = await runSrc(["serve", "--port", String(port)], { env: temp.env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`cannot listen on 127.0.0.1:${port}: the address is already in use`);
      expect(result.stderr).toContain("--port");
      expect(result.stderr).toContain("another src server may already be running");
      expect(result.stderr.match(/already in use/g)).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it("a bad --port is bad usage (exit 2)", async () => {
    const result = await runSrc(["serve", "--port", "70000"], { env: temp.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--port");
  });

  it("a --result-ttl that is not a whole number of seconds from 1 to 86400 is bad usage (exit 2), naming the flag", async () => {
    for (const value of ["soon", "0", "86401"]) {
      const result = await runSrc(["serve", "--port", "0", "--result-ttl", value], { env: temp.env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/--result-ttl .*whole number of seconds from 1 to 86400/);
    }
  });

  it("refuses a non-loopback --host without SRC_SERVER_TOKEN as bad usage (exit 2), before listening", async () => {
    const result = await runSrc(["serve", "--host", "0.0.0.0", "--port", "0"], { env: temp.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("SRC_SERVER_TOKEN");
    expect(result.stdout).not.toContain("listening");
  });
});
