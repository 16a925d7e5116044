/** The commands whose help lists the auth modes and, with `--auth TYPE`, that mode's fields. */
const commandsWithAuthHelp = [
  ["source", "add"],
  ["source", "edit"],
  ["credential", "set"],
] as const;

/**
 * The command whose help `argv` asks for when that help lists the auth modes (`src source add --help`), or
 * `undefined`. Cheap and free of imports: every `--help` asks it, and only those it names load the auth modes.
 */
export function authHelpCommandOf(argv: readonly string[]): (typeof commandsWithAuthHelp)[number] | undefined {
  const args = argv.slice(2);
  if (!args.includes("--help") && !args.includes("-h")) return undefined;
  return commandsWithAuthHelp.find(
    ([group, name]) => args.indexOf(group) !== -1 && args.indexOf(name) > args.indexOf(group),
  );
}
