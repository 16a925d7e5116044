import { spawn } from "node:child_process";
import { binPath } from "./run-src";

/** One exchange: wait until the screen shows `expect`, then type `send`. */
export interface TerminalStep {
  expect: string;
  send: string;
}

const quote = (value: string): string => `'${value.replaceAll("'", "'\\''")}'`;
// eslint-disable-next-line no-control-regex
const ansi = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07/g;

/**
 * Runs the CLI in a pseudo-terminal (`script` from util-linux), answering
 * prompts as a person would. Returns everything the terminal showed (ANSI
 * codes removed) and the exit code. Each wait is bounded by `timeoutMs`.
 */
export function runInTerminal(
  args: readonly string[],
  env: Record<string, string>,
  steps: readonly TerminalStep[],
  timeoutMs = 15_000,
): Promise<{ code: number | null; screen: string }> {
  // A pty made by `script` without a terminal on our side has size 0x0; give it a real one first.
  const command = `stty cols 120 rows 40 && exec ${[process.execPath, binPath, ...args].map(quote).join(" ")}`;
  const child = spawn("/usr/bin/script", ["-qfec", command, "/dev/null"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: "xterm", COLUMNS: "120", LINES: "40", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let raw = "";
  let waiting: { text: string; resolve: () => void } | undefined;
  const screen = (): string => raw.replace(ansi, "");
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    raw += chunk;
    if (waiting !== undefined && screen().includes(waiting.text)) waiting.resolve();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (raw += chunk));
  const closed = new Promise<number | null>((resolve) => child.once("close", resolve));

  const waitFor = (text: string): Promise<void> =>
    new Promise((resolve, reject) => {
      if (screen().includes(text)) return resolve();
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${JSON.stringify(text)}; the terminal showed:\n${screen()}`)),
        timeoutMs,
      );
      waiting = {
        text,
        resolve: () => {
          clearTimeout(timer);
          waiting = undefined;
          resolve();
        },
      };
    });

  return (async () => {
    try {
      for (const step of steps) {
        await waitFor(step.expect);
        child.stdin.write(step.send);
      }
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      const code = await closed;
      clearTimeout(timer);
      return { code, screen: screen() };
    } catch (error) {
      child.kill("SIGKILL");
      await closed;
      throw error;
    }
  })();
}
