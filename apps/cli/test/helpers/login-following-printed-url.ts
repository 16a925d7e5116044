import { spawn } from "node:child_process";
import { followToCallback } from "../../../../packages/auth-oauth2/test/follow-to-callback";
import { binPath, type RunResult } from "./run-src";

/**
 * Runs the built `src auth login SLUG --no-browser` with `env` and plays the browser: follows the authorization URL it
 * prints (any path: `/authorize`, Google's `/o/oauth2/v2/auth`, Entra's tenant path) to the loopback redirect. Each
 * output is handed to `record` for the caller's secret scan.
 */
export function loginFollowingPrintedUrl(
  slug: string,
  env: Record<string, string>,
  record: (...outputs: string[]) => void,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, "auth", "login", slug, "--no-browser"], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let followed = false;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      const url = /Open this URL to sign in to "[^"]+":\n(http:\/\/127\.0\.0\.1:\d+\/\S+)\n/.exec(stderr)?.[1];
      if (url !== undefined && !followed) {
        followed = true;
        void followToCallback(url).catch(reject);
      }
    });
    child.once("error", reject);
    child.once("close", (code) => {
      record(stdout, stderr);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end();
  });
}
