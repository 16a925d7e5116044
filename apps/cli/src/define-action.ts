import type { Command, OptionValues } from "commander";
import { createCommandContext, type CommandContext } from "./command-context";
import { EXIT_CODES, type ExitCode } from "./exit-codes";
import { reportError } from "./output/report-error";
import { UsageError } from "./errors/usage-error";

/** A command's work: returns the exit code (default 0) or throws; thrown errors are reported and mapped to 1 or 2. */
export type ActionHandler<TOptions extends OptionValues> = (
  context: CommandContext,
  options: TOptions,
  args: string[],
) => Promise<ExitCode | void>;

/** How a command may run. */
export interface ActionOptions {
  /** The command also runs against a server (`--server URL`, `SRC_SERVER`), through `context.operations()`. Default false: it refuses to. */
  remote?: boolean;
}

/** `source add`, `tools`: the command's words after `src`. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent != null; current = current.parent)
    names.unshift(current.name());
  return names.join(" ");
}

/** Wraps a handler as a commander action that sets `process.exitCode`. */
export function defineAction<TOptions extends OptionValues>(
  handler: ActionHandler<TOptions>,
  { remote = false }: ActionOptions = {},
): (...commanderArgs: unknown[]) => Promise<void> {
  return async (...commanderArgs) => {
    const command = commanderArgs.at(-1) as Command;
    let context: CommandContext;
    try {
      context = createCommandContext(command);
    } catch (error) {
      process.exitCode = reportError(error, { json: command.optsWithGlobals<{ json?: boolean }>().json === true });
      return;
    }
    try {
      if (context.remote !== undefined && !remote) {
        throw new UsageError({
          message: `\`src ${commandPath(command)}\` works on a local home only, not against a server (${context.remote.origin}); run it without --server and SRC_SERVER, on the server's machine`,
        });
      }
      process.exitCode =
        (await handler(context, command.opts<TOptions>(), command.processedArgs as string[])) ?? EXIT_CODES.SUCCESS;
    } catch (error) {
      process.exitCode = reportError(error, { json: context.json });
    } finally {
      await context.close().catch(() => undefined);
    }
  };
}
