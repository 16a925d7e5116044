import { Command, Help } from "commander";
import { describe, expect, it } from "vitest";
import { commandTable, isCommandEntry } from "./command-table";
import { createProgram, loadAllCommands } from "./create-program";

const commands = commandTable.filter(isCommandEntry);
const groups = commandTable.filter((entry) => !isCommandEntry(entry)).map((entry) => entry.path);

describe("the command table", () => {
  // What the parent's help lists for a command comes from the table until its module loads: it must be what the module defines.
  it.each(commands.map((entry) => [entry.path, entry]))(
    "%s: the term and description are what its module defines",
    async (path, entry) => {
      const parent = new Command("parent");
      (await entry.load())(parent);
      const defined = parent.commands.find((command) => command.name() === path.split(" ").at(-1));
      expect(defined, `the module of "${path}" does not define it`).toBeDefined();
      expect(
        { term: new Help().subcommandTerm(defined!), description: defined!.description() },
        `update "${path}" in src/command-table.ts`,
      ).toEqual({ term: entry.term, description: entry.description });
    },
  );

  it("lists every command each module defines, once, after its group", async () => {
    const paths = commandTable.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const entry of commands) {
      const group = entry.path.split(" ").slice(0, -1).join(" ");
      if (group !== "") expect(paths.indexOf(group), `the group of "${entry.path}"`).toBeGreaterThan(-1);
      if (group !== "") expect(paths.indexOf(group)).toBeLessThan(paths.indexOf(entry.path));
      const parent = new Command("parent");
      (await entry.load())(parent);
      for (const defined of parent.commands)
        expect(paths, `a command of the module of "${entry.path}"`).toContain(
          [group, defined.name()].filter(Boolean).join(" "),
        );
    }
  });
});

describe("createProgram", () => {
  const everyCommand = (command: Command): Command[] =>
    command.commands.flatMap((child) => [child, ...everyCommand(child)]);
  const withWidth80 = (program: Command): Command => {
    for (const command of [program, ...everyCommand(program)])
      command.configureOutput({ getOutHelpWidth: () => 80, getOutHasColors: () => false });
    return program;
  };

  it("builds the tree of the table without loading a command: each is a name and a description", () => {
    const program = createProgram();
    const paths = everyCommand(program).map((command) => {
      const words: string[] = [];
      for (let current: Command | null = command; current?.parent != null; current = current.parent)
        words.unshift(current.name());
      return words.join(" ");
    });
    expect(paths).toEqual(commandTable.map((entry) => entry.path));
    for (const command of everyCommand(program)) expect(command.options).toEqual([]);
  });

  it("prints the same help for the program and every group before and after every command is loaded", async () => {
    const lazy = withWidth80(createProgram());
    const loaded = createProgram();
    await loadAllCommands(loaded);
    withWidth80(loaded);
    expect(lazy.helpInformation()).toBe(loaded.helpInformation());
    for (const group of groups) {
      const find = (program: Command): Command => program.commands.find((command) => command.name() === group)!;
      expect(find(lazy).helpInformation(), `src ${group} --help`).toBe(find(loaded).helpInformation());
    }
    expect(everyCommand(loaded).some((command) => command.options.length > 0)).toBe(true);
  });

  it("loads a command's module when the command is chosen: its options and their defaults are parsed, the second time too", async () => {
    const program = createProgram();
    const login = program.commands
      .find((command) => command.name() === "auth")!
      .commands.find((command) => command.name() === "login")!;
    let seen: unknown;
    // Only parsing is under test here: the action is replaced once the module has defined the command.
    program.commands
      .find((command) => command.name() === "auth")!
      .hook("preSubcommand", () => {
        login.action((_slug: string, options: unknown) => {
          seen = options;
        });
      });
    await program.parseAsync(["auth", "login", "crm", "--port", "8123", "--no-browser"], { from: "user" });
    expect(seen).toEqual({ port: 8123, browser: false, timeout: 300 });
    await program.parseAsync(["auth", "login", "crm"], { from: "user" });
    expect(seen).toEqual({ browser: true, timeout: 300 });
  });
});
