import { readFileSync } from "node:fs";
import module from "node:module";

/**
 * `src --version`, and `src --help` (or `-h`) where commander would print the help 80 columns wide (stdout not a
 * terminal, or a terminal of 80 columns): answered without loading commander or the command tree. The help is the
 * one commander printed when the CLI was built (`dist/help.txt`, written by scripts/write-help-text.mjs); without
 * that file (running from source) commander prints it. Agents, hooks and scripts that shell out to `src` pay the
 * start-up on every call.
 */
async function answerWithoutCommander(args: readonly string[]): Promise<boolean> {
  if (args.length !== 1) return false;
  if (args[0] === "--version") {
    const { cliVersion } = await import("./cli-version");
    process.stdout.write(`${cliVersion}\n`);
    return true;
  }
  if (args[0] !== "--help" && args[0] !== "-h") return false;
  if (process.stdout.isTTY && process.stdout.columns !== 80) return false;
  let help: string;
  try {
    help = readFileSync(new URL("./help.txt", import.meta.url), "utf8");
  } catch {
    return false;
  }
  process.stdout.write(help);
  return true;
}

if (await answerWithoutCommander(process.argv.slice(2))) {
  process.exitCode = 0;
} else {
  // Node 22.1+ keeps the compiled code of the modules below on disk (in the OS temp directory, or
  // $NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off), so later starts skip compiling them.
  // Node 20 has no such cache; there it is a no-op. The modules load after it, hence the dynamic import.
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const { runCli } = await import("./run-cli");

  // Exit once stdout has been handed over, so pending timers or sockets cannot keep a finished command alive.
  void runCli().then((code) => {
    process.stdout.write("", () => process.exit(code));
  });
}
