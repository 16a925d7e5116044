import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliBin } from "./run-cli";
import { jsonOrUndefined } from "./test-server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any JSON answer
type JsonAnswer = { status: number; json: any };

/**
 * One `src serve` child process with its own home (per-replica files; `SRC_HOME` in `env` names another): a replica
 * when `SRC_STORE` names a shared PostgreSQL store.
 */
export interface Replica {
  url: string;
  process: ChildProcess;
  /** Everything it wrote on stderr (its JSON log lines). */
  stderr(): string;
  /** Sends an admin request; `json` is the parsed answer (or undefined). */
  api(method: string, path: string, body?: unknown): Promise<JsonAnswer>;
  /** SIGTERM and wait (graceful); `kill("SIGKILL")` for a crash. */
  stop(): Promise<void>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `node apps/cli/dist/bin.js --json serve --port 0` with `SRC_STORE` and the shared token and key in `env`. */
export async function startReplica(env: Record<string, string>, args: readonly string[] = []): Promise<Replica> {
  const home = await mkdtemp(join(tmpdir(), "src-replica-"));
  const child = spawn(process.execPath, [cliBin, "--json", "serve", "--port", "0", ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: tmpdir(), NO_COLOR: "1", SRC_HOME: home, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /"url":\s*"([^"]+)"/.exec(stdout);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the replica exited before listening: ${stderr}`)));
  });
  const token = env.SRC_SERVER_TOKEN ?? "";
  const finish = async (): Promise<void> => {
    await exited;
    await rm(home, { recursive: true, force: true });
  };
  return {
    url,
    process: child,
    stderr: () => stderr,
    async api(method, path, body) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const json = jsonOrUndefined(text);
      return { status: response.status, json };
    },
    async stop() {
      child.kill("SIGTERM");
      await finish();
    },
    async kill(signal) {
      child.kill(signal);
      await finish();
    },
  };
}
