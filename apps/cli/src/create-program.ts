import { Help, type Command, type ParseOptions } from "commander";
import { cliVersion } from "./cli-version";
import { commandTable, isCommandEntry, type CommandEntry } from "./command-table";
import { SrcCommand } from "./src-command";

/** The commands of the table whose module has not been loaded yet: only their name and description are in the tree. */
const unloaded = new WeakMap<Command, CommandEntry>();

/**
 * Loads the module of `command` if it is still unloaded and lets it define the command in place: its
 * `parent.command(name)` answers the command already in the tree (so the help keeps its order), and the
 * arguments, options and action it adds go onto it. A module that defines two commands (`enable`,
 * `disable`) fills both.
 */
async function loadCommand(command: Command): Promise<void> {
  const entry = unloaded.get(command);
  if (entry === undefined || command.parent === null) return;
  const register = await entry.load();
  if (!unloaded.has(command)) return; // filled meanwhile by a module it shares
  const parent = command.parent;
  const filled: Command[] = [];
  const parentOfUnloaded = new Proxy(parent, {
    get(target, key, receiver) {
      if (key !== "command") return Reflect.get(target, key, receiver) as unknown;
      return (name: string) => {
        const unloadedChild = target.commands.find((child) => child.name() === name && unloaded.has(child));
        if (unloadedChild === undefined)
          throw new Error(
            `src: the module of "${entry.path}" defines "${name}", which is not in apps/cli/src/command-table.ts; add it there`,
          );
        unloaded.delete(unloadedChild);
        filled.push(unloadedChild);
        return unloadedChild;
      };
    },
  });
  register(parentOfUnloaded);
  // Commander restores this state before each parse: it must include the options (and their defaults) just added.
  for (const child of filled) child.saveStateBeforeParse();
}

/** Loads every command's module: for `src help ...`, where commander prints a command's help without dispatching to it. */
export async function loadAllCommands(program: Command): Promise<void> {
  const all = (command: Command): Command[] => command.commands.flatMap((child) => [child, ...all(child)]);
  for (const command of all(program)) await loadCommand(command);
}

/** The program: `parseAsync` loads every command first when an argument is `help` (see loadAllCommands). */
class SrcProgram extends SrcCommand {
  override async parseAsync(argv?: readonly string[], parseOptions?: ParseOptions): Promise<this> {
    if ((argv ?? process.argv).includes("help")) await loadAllCommands(this);
    return super.parseAsync(argv, parseOptions);
  }
}

/**
 * The `src` command tree, built from the command table: each command's module loads when the command is
 * chosen (commander's `preSubcommand` hook), so `--help` and `--version` load none. Parse it with `parseAsync`.
 * Commander errors throw (`exitOverride`) so `runCli` maps them to exit code 2; help and version go to stdout
 * with exit code 0.
 */
export function createProgram(): Command {
  const program = new SrcProgram("src")
    .description("Connect REST APIs to AI agents as sources: add, validate, call, and serve them over MCP.")
    .version(cliVersion, "--version", "print the version")
    .option("--home <dir>", "home directory of sources and vault (default: $SRC_HOME, else ~/.src)")
    .option("--json", "print only machine-readable JSON on stdout")
    .option(
      "--store <url>",
      "a PostgreSQL store shared by several servers, postgres://user:password@host:5432/database (default: $SRC_STORE, else the files in the home)",
    )
    .option(
      "--server <url>",
      "run against a running `src serve` at URL (default: $SRC_SERVER), with the token from $SRC_SERVER_TOKEN: source list|show|add|reload|test|enable|disable|remove, credential set|delete, connections list|remove, auth login|status|logout, token create|list|revoke, tools, call",
    )
    .exitOverride()
    .showHelpAfterError("(run the command with --help for its usage)")
    // A command not loaded yet is listed with the table's term (commander would print its name alone).
    .configureHelp({
      subcommandTerm(this: Help, command: Command): string {
        return unloaded.get(command)?.term ?? Help.prototype.subcommandTerm.call(this, command);
      },
    });

  const parents = new Map<string, Command>([["", program]]);
  for (const entry of commandTable) {
    const words = entry.path.split(" ");
    const parent = parents.get(words.slice(0, -1).join(" "));
    if (parent === undefined)
      throw new Error(`src: "${entry.path}" comes before its group in apps/cli/src/command-table.ts`);
    const command = parent.command(words.at(-1)!).description(entry.description);
    if (isCommandEntry(entry)) unloaded.set(command, entry);
    else
      parents.set(
        entry.path,
        command.hook("preSubcommand", (_group, chosen) => loadCommand(chosen)),
      );
  }
  program.hook("preSubcommand", (_program, chosen) => loadCommand(chosen));
  return program;
}
