import { Command } from "commander";

/** The last word of a flag that would carry a secret: `--token`, `--api-key`, `--client-secret`, `--new-key`. */
const secretFlag = /^--(?:[a-z0-9]+-)*(?:credential|token|password|passwd|pwd|secret|api-?key|apikey|key|bearer)$/i;

/** `source add`: the command's words after `src`. */
function pathOf(command: Command): string {
  const names: string[] = [];
  for (let current: Command | null = command; current?.parent != null; current = current.parent)
    names.unshift(current.name());
  return names.join(" ");
}

/** Where the secret goes instead of `flag`, for this command. */
function insteadOf(command: Command, flag: string): string {
  const path = pathOf(command);
  const longs = new Set(command.options.map((option) => option.long));
  const stdinFlag = longs.has(`${flag}-stdin`)
    ? `${flag}-stdin`
    : longs.has("--credential-stdin")
      ? "--credential-stdin"
      : undefined;
  if (stdinFlag !== undefined) {
    const prompt =
      stdinFlag === "--credential-stdin"
        ? `, or leave it out on a terminal and \`src ${path}\` asks for it with hidden input`
        : "";
    return `pipe it on stdin with ${stdinFlag} (printf '%s' "$SECRET" | src ${path} ... ${stdinFlag})${prompt}`;
  }
  return "store a source's secret with `src credential set SLUG`, which asks for it with hidden input (or reads it with --credential-stdin); agents and calls never need it";
}

/** commander's own answer to an unknown flag; a method it calls on the command that parses, though its typings leave it out. */
const commanderUnknownOption = Reflect.get(Command.prototype, "unknownOption") as (this: Command, flag: string) => void;

/**
 * The CLI's command class: like commander's, except that an unknown flag that looks like it carries a secret
 * (`--credential sekret`, `--token=...`, `--password`, `--api-key`) gets an answer saying where the secret goes
 * instead and why it never goes in a flag. The value is never repeated.
 */
export class SrcCommand extends Command {
  override createCommand(name?: string): Command {
    return new SrcCommand(name);
  }

  /** Called by commander for the first unknown flag of the command being parsed (`--name` or `--name=value`). */
  unknownOption(flag: string): void {
    const name = flag.split("=")[0] ?? flag;
    if (secretFlag.test(name)) {
      this.error(
        `error: ${name}: src takes no secret in a flag: a flag stays in the shell's history and every user of this machine can read it in the process list. Instead, ${insteadOf(this, name)}`,
        {
          code: "commander.unknownOption",
          exitCode: 2,
        },
      );
    }
    commanderUnknownOption.call(this, flag);
  }
}
