import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";

/** The built CLI (`apps/cli/dist/bin.js`); turbo builds it before these tests (`@src/cli#build`). */
export const cliBin = fileURLToPath(new URL("../../../cli/dist/bin.js", import.meta.url));

/** What one CLI run printed and how it ended. */
export interface CliRun {
  args: string[];
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node apps/cli/dist/bin.js ...args` on the test home; `stdin` is written and closed (the secret for `--credential-stdin`). */
export function runCli(
  args: string[],
  { env, stdin = "" }: { env: Record<string, string>; stdin?: string },
): Promise<CliRun> {
  const child = spawn(process.execPath, [cliBin, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: tmpdir(), NO_COLOR: "1", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  return childOutput(child, stdin).then((ended) => ({ args, ...ended }));
}

/** Writes `stdin` to `child` and closes it; resolves with its exit code and all it wrote once it closed. */
export function childOutput(
  child: ChildProcessWithoutNullStreams,
  stdin: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/**
 * The arguments of `src source add` for the bearer source SLUG called NAME on `baseUrl` (test endpoint `/me`), its
 * token read from stdin, then `flags` (`--no-test`...).
 */
export const cliAddBearerArgs = (name: string, slug: string, baseUrl: string, ...flags: string[]): string[] => [
  ...["source", "add", "--name", name, "--slug", slug, "--base-url", baseUrl],
  ...["--auth", "bearer", "--test-endpoint", "/me", "--credential-stdin", ...flags],
];
