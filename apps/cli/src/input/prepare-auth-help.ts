import type { Command } from "commander";
import { authModeHelp, authModesHelp } from "../output/auth-mode-help";
import { authHelpCommandOf } from "./auth-help-command";

/** `--auth TYPE` (or `--auth=TYPE`) in the arguments, when given. */
function authTypeIn(args: readonly string[]): string | undefined {
  for (const [index, arg] of args.entries()) {
    if (arg === "--auth") return args[index + 1];
    if (arg.startsWith("--auth=")) return arg.slice("--auth=".length);
  }
  return undefined;
}

/**
 * Before commander prints a command's help (`src source add --auth TYPE --help`),
 * loads the auth modes (built in and `SRC_AUTH_PLUGINS`) and adds their list,
 * or the chosen mode's fields, to that help. A mode that cannot be loaded is
 * said in one line; the help itself always prints.
 */
export async function prepareAuthHelp(program: Command, argv: readonly string[]): Promise<void> {
  const args = argv.slice(2);
  const path = authHelpCommandOf(argv);
  if (path === undefined) return;
  const command = program.commands
    .find((candidate) => candidate.name() === path[0])
    ?.commands.find((candidate) => candidate.name() === path[1]);
  if (command === undefined) return;
  let text: string;
  try {
    const [{ createAuthRegistryFromEnvironment }, { defaultAuthPlugins }] = await Promise.all([
      import("@src/service"),
      import("@src/auth-presets"),
    ]);
    const registry = await createAuthRegistryFromEnvironment(process.env, { plugins: defaultAuthPlugins() });
    const type = authTypeIn(args);
    const plugin = type === undefined ? undefined : registry.find(type);
    text =
      plugin !== undefined
        ? authModeHelp(plugin)
        : `${type === undefined ? "" : `Auth type "${type}" is not registered.\n`}${authModesHelp(registry)}`;
  } catch (error) {
    text = `Auth modes could not be listed: ${(error as Error).message}`;
  }
  command.addHelpText("after", `\n${text}`);
}
