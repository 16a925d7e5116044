import type { CommandContext } from "../command-context";

/**
 * Runs `task` with a spinner on stderr when stderr is a terminal and `--json`
 * is off; otherwise runs it silently. The spinner stops before the result prints.
 */
export async function withProgress<T>(context: CommandContext, message: string, task: () => Promise<T>): Promise<T> {
  if (!context.showProgress) return task();
  const { spinner } = await import("@clack/prompts");
  const progress = spinner({ output: process.stderr });
  progress.start(message);
  try {
    const result = await task();
    progress.clear();
    return result;
  } catch (error) {
    progress.clear();
    throw error;
  }
}
