import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import type { ScryptCost } from "@src/vault";

/** The package directory: children run from here so `tsx` and the `@src/source` condition resolve. */
export const packageDirectory = path.resolve(import.meta.dirname, "..");

/** Cheap scrypt parameters so the suite stays fast; one test uses the real default. */
export const testScryptCost: ScryptCost = { N: 16, r: 1, p: 1 };

/** A fresh `$SRC_HOME` under the system temp dir, removed by `cleanup`. */
export async function createTemporaryHome(): Promise<{ home: string; file: string; cleanup: () => Promise<void> }> {
  const home = await mkdtemp(path.join(os.tmpdir(), "src-vault-test-"));
  return { home, file: path.join(home, "vault.json"), cleanup: () => rm(home, { recursive: true, force: true }) };
}

/**
 * A fresh `$SRC_HOME` for each test of the file: made before each test (before the file's own `beforeEach` hooks,
 * registered after this call), handed to `use`, and removed after the test.
 */
export function useTemporaryHome(use: (made: { home: string; file: string }) => void): void {
  let cleanup: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const { cleanup: remove, ...made } = await createTemporaryHome();
    cleanup = remove;
    use(made);
  });
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });
}

/** A child process running one of `test/children/*.ts` from sources. */
export interface ChildRun {
  /** Complete stdout lines received so far. */
  readonly lines: string[];
  /** Resolves when a line equal to `line` has been printed. */
  waitForLine(line: string): Promise<void>;
  /** Resolves with the exit code and signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
  kill(signal: NodeJS.Signals): void;
}

export function runChild(script: string, args: readonly string[], env: Record<string, string> = {}): ChildRun {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@src/source", path.join(packageDirectory, "test/children", script), ...args],
    {
      cwd: packageDirectory,
      env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const lines: string[] = [];
  const waiters: { line: string; resolve: () => void }[] = [];
  let buffered = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters.filter((candidate) => candidate.line === line)) waiter.resolve();
    }
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stderr })),
  );
  return {
    lines,
    waitForLine: (line) =>
      new Promise<void>((resolve, reject) => {
        if (lines.includes(line)) return resolve();
        waiters.push({ line, resolve });
        void exited.then(({ code, signal, stderr: errors }) =>
          reject(new Error(`child exited (${code ?? signal}) before printing "${line}": ${errors}`)),
        );
      }),
    exited,
    kill: (signal) => child.kill(signal),
  };
}
