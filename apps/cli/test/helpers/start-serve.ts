import { spawn, type ChildProcess } from "node:child_process";
import { binPath } from "./run-src";

/** A running `src serve`: its URL, the child, its exit code once closed, what it wrote to stderr so far, and a stop. */
export interface RunningServe {
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code when the process has closed. */
  readonly closed: Promise<number | null>;
  stderr(): string;
  /** SIGTERM, then waits for the exit; its exit code. */
  stop(): Promise<number | null>;
}

/** Starts the built `src serve --port 0 --json` (plus `args`) with `env` and resolves once it printed `{ url }`. */
export async function startServe(env: Record<string, string>, args: string[] = []): Promise<RunningServe> {
  const child = spawn(process.execPath, [binPath, "serve", "--port", "0", "--json", ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const closed = new Promise<number | null>((resolve) => child.once("close", resolve));
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      try {
        resolve((JSON.parse(stdout) as { url: string }).url);
      } catch {
        // Not the whole document yet.
      }
    });
    child.once("close", () => reject(new Error(`serve ended early: ${stdout}${stderr}`)));
  });
  return {
    url,
    child,
    closed,
    stderr: () => stderr,
    async stop() {
      child.kill("SIGTERM");
      return closed;
    },
  };
}
