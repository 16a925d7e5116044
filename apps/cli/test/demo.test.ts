import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const demo = fileURLToPath(new URL("../../../examples/demo/run-demo.mjs", import.meta.url));

async function demoHomes(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith("src-demo-"));
}

describe("the demo (examples/demo/run-demo.mjs)", () => {
  it("runs the whole story against the built CLI, exits 0, never prints the token, leaves no SRC_HOME behind", async () => {
    const token = `demo-test-${Date.now().toString(36)}-token`;
    const before = await demoHomes();
    const child = spawn(process.execPath, [demo], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, SRC_DEMO_TOKEN: token },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(output, output).not.toContain("demo failed");
    expect(code).toBe(0);
    expect(output).not.toContain(token);
    for (const text of [
      "source add",
      "demo: connected (HTTP 200)",
      "tools -v",
      "-q limit=2",
      "next page:",
      "--body",
      "application/xml",
      "source reload demo",
      "demo: failed (HTTP 404)",
      "(exit 1)",
      "Demo finished",
    ]) {
      expect(output).toContain(text);
    }
    const leftover = (await demoHomes()).filter((name) => !before.includes(name));
    expect(leftover).toEqual([]);
  }, 60_000);
});
