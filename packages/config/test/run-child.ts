import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The package directory: children run from here so `tsx` and the `@src/source` condition resolve. */
const packageDirectory = resolve(import.meta.dirname, "..");

/** A child process running one of `test/children/*.ts` from sources. */
export interface ChildRun {
  /** Resolves when the child has printed the line `line`; rejects when it exits first. */
  waitForLine(line: string): Promise<void>;
  /** Writes one last line to the child's standard input and closes it. */
  sendLastLine(line: string): void;
  /** Resolves with the exit code, the signal and everything printed. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  kill(signal: NodeJS.Signals): void;
}

/** Runs `test/children/<script>` with `node --import tsx --conditions=@src/source`. */
export function runChild(script: string, args: readonly string[]): ChildRun {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@src/source", join(packageDirectory, "test/children", script), ...args],
    {
      cwd: packageDirectory,
      env: { PATH: process.env.PATH ?? "", HOME: tmpdir() },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  const waiters: { line: string; resolve: () => void }[] = [];
  const hasLine = (line: string): boolean => stdout.split("\n").includes(line);
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const waiter of waiters.filter((candidate) => hasLine(candidate.line))) waiter.resolve();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (done) => child.on("close", (code, signal) => done({ code, signal, stdout, stderr })),
  );
  return {
    waitForLine: (line) =>
      new Promise<void>((done, fail) => {
        if (hasLine(line)) return done();
        waiters.push({ line, resolve: done });
        void exited.then(({ code, signal }) =>
          fail(new Error(`child ${script} exited (${code ?? signal}) before printing "${line}": ${stderr}`)),
        );
      }),
    sendLastLine: (line) => child.stdin.end(`${line}\n`),
    exited,
    kill: (signal) => child.kill(signal),
  };
}
