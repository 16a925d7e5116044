import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { startServe } from "./helpers/start-serve";
import { createTempHome, type TempHome } from "./helpers/temp-home";

let temp: TempHome;
beforeAll(async () => {
  temp = await createTempHome();
});
afterAll(() => temp.cleanup());

// Only the wiring: the server's own behaviour is tested in apps/server.
describe("src serve", () => {
  it("--json prints { url } once listening, logs go to stderr, SIGTERM stops it with exit 0", async () => {
    const served = await startServe(temp.env);
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${served.url}/`);
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(await served.stop()).toBe(0);
    expect(served.stderr()).toContain('"event":"listening"');
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
