import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The built CLI; tests run it as a user does. `turbo run test` builds it first. */
export const binPath = fileURLToPath(new URL("../../dist/bin.js", import.meta.url));

if (!existsSync(binPath))
  throw new Error(`${binPath} is missing: build the CLI first (npx -y pnpm@10 build, or npx tsup in apps/cli)`);

/** What one run printed and how it ended. */
export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Options of `runSrc`. */
export interface RunOptions {
  /** Environment added over a clean one (PATH and HOME only from the parent). */
  env?: Record<string, string | undefined>;
  /** Written to stdin, then stdin is closed. Default: closed at once. */
  stdin?: string | Buffer;
  cwd?: string;
}

/** Runs `node dist/bin.js ...args` and collects its output. stdin, stdout and stderr are pipes (not terminals). */
export function runSrc(args: readonly string[], { env = {}, stdin = "", cwd }: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1", ...env },
      stdio: ["pipe", "pipe", "pipe"],
      cwd,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/**
 * A `runSrc` that keeps each result in `outputs` (for the file's scan for secrets), run with the options `options`
 * gives when it is called (a test's home is made in a hook, after this is made).
 */
export function recordingRunSrc(
  outputs: RunResult[],
  options: () => Omit<RunOptions, "stdin">,
): (args: readonly string[], stdin?: string | Buffer) => Promise<RunResult> {
  return async (args, stdin) => {
    const result = await runSrc(args, { ...options(), stdin });
    outputs.push(result);
    return result;
  };
}
