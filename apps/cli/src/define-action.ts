import type { Command, OptionValues } from "commander";
import { createCommandContext, type CommandContext } from "./command-context";
import { EXIT_CODES, type ExitCode } from "./exit-codes";
import { reportError } from "./output/report-error";

/** A command's work: returns the exit code (default 0) or throws; thrown errors are reported and mapped to 1 or 2. */
export type ActionHandler<TOptions extends OptionValues> = (context: CommandContext, options: TOptions, args: string[]) => Promise<ExitCode | void>;

/** Wraps a handler as a commander action that sets `process.exitCode`. */
export function defineAction<TOptions extends OptionValues>(handler: ActionHandler<TOptions>): (...commanderArgs: unknown[]) => Promise<void> {
  return async (...commanderArgs) => {
    const command = commanderArgs.at(-1) as Command;
    const context = createCommandContext(command);
    try {
      process.exitCode = (await handler(context, command.opts<TOptions>(), command.processedArgs as string[])) ?? EXIT_CODES.SUCCESS;
    } catch (error) {
      process.exitCode = reportError(error, { json: context.json });
    } finally {
      await context.close().catch(() => undefined);
    }
  };
}
