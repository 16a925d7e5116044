import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandTable, isCommandEntry } from "../src/command-table";
import { createProgram, loadAllCommands } from "../src/create-program";
import { runInTerminal } from "./helpers/run-in-terminal";
import { runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";

let temp: TempHome;
beforeAll(async () => {
  temp = await createTempHome();
});
afterAll(() => temp.cleanup());

/** The program with every command's module loaded, as `src` was before commands loaded lazily; help 80 columns wide, as on a pipe. */
async function loadedProgram(): Promise<Command> {
  const program = createProgram();
  await loadAllCommands(program);
  const every = (command: Command): Command[] => [command, ...command.commands.flatMap(every)];
  for (const command of every(program))
    command.configureOutput({ getOutHelpWidth: () => 80, getOutHasColors: () => false });
  return program;
}

const commandAt = (program: Command, path: string): Command =>
  path
    .split(" ")
    .filter(Boolean)
    .reduce((parent, name) => parent.commands.find((command) => command.name() === name)!, program);

/** The commands whose `--help` also lists the auth modes (or, with `--auth TYPE`, that mode's fields). */
const authHelpCommands = new Set(["source add", "source edit", "credential set"]);

describe("every command's help, with commands loaded on demand", () => {
  const paths = ["", ...commandTable.map((entry) => entry.path)];

  it.each(paths.map((path) => [path || "(root)", path]))(
    "src %s --help prints what the fully loaded program prints",
    async (_name, path) => {
      const expected = commandAt(await loadedProgram(), path).helpInformation();
      const result = await runSrc([...path.split(" ").filter(Boolean), "--help"], { env: temp.env });
      if (!authHelpCommands.has(path)) return expect(result).toEqual({ code: 0, stdout: expected, stderr: "" });
      // These add the auth modes (loaded only for a help) after the command's own help.
      expect({ ...result, stdout: result.stdout.slice(0, expected.length) }).toEqual({
        code: 0,
        stdout: expected,
        stderr: "",
      });
      expect(result.stdout.slice(expected.length)).toContain(
        "Auth modes (--auth): bearer, header, query, basic, oauth2, digest, aws-sigv4, multi-header",
      );
    },
  );

  it.each(commandTable.filter(isCommandEntry).map((entry) => [entry.path]))(
    "src %s through the help command prints the same",
    async (path) => {
      const expected = commandAt(await loadedProgram(), path).helpInformation();
      const words = path.split(" ");
      const result = await runSrc([...words.slice(0, -1), "help", words.at(-1)!], { env: temp.env });
      expect(result).toEqual({ code: 0, stdout: expected, stderr: "" });
    },
  );
});

describe("what start-up loads", () => {
  const recorder = fileURLToPath(new URL("./helpers/record-loaded-modules.mjs", import.meta.url));
  const commandModules = readdirSync(fileURLToPath(new URL("../src/commands", import.meta.url)))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => file.slice(0, -3));

  /** The modules `src ...args` loaded: files of the built CLI by their name without the content hash, other files by path. */
  async function loadedBy(args: string[]): Promise<string[]> {
    const record = `${temp.home}/loaded-${args.join("-")}.txt`;
    const result = await runSrc(args, {
      env: { ...temp.env, NODE_OPTIONS: `--import=${recorder}`, RECORD_LOADED_MODULES_FILE: record },
    });
    expect(result.code).toBe(0);
    const urls = [...new Set(readFileSync(record, "utf8").trim().split("\n"))];
    return urls.map((url) => /\/apps\/cli\/dist\/([\w-]+?)(?:-[A-Z0-9]{8})?\.js$/.exec(url)?.[1] ?? url);
  }

  it.each([["--help"], ["--version"]])(
    "src %s loads no command's module and nothing outside the built CLI (commander is bundled)",
    async (flag) => {
      const loaded = await loadedBy([flag]);
      expect(loaded).toContain("bin");
      expect(loaded.filter((name) => name.includes("/"))).toEqual([]);
      expect(loaded.filter((name) => commandModules.includes(name))).toEqual([]);
    },
  );

  it.each([
    ["--help", ["bin"]],
    ["-h", ["bin"]],
    ["--version", ["bin", "cli-version"]],
  ])(
    "src %s on a pipe is answered by the entry alone: neither commander nor the command tree loads",
    async (flag, modules) => {
      // --help reads dist/help.txt; --version loads the small chunks holding the version (not commander's, large).
      const loaded = await loadedBy([flag]);
      expect(loaded.filter((name) => name !== "chunk")).toEqual(modules);
      expect(loaded.length).toBeLessThanOrEqual(modules.length + 2);
    },
  );

  it("src --help in a terminal 120 columns wide is commander's help at that width", async () => {
    const { screen, code } = await runInTerminal(["--help"], temp.env, []);
    expect(code).toBe(0);
    const program = createProgram();
    program.configureOutput({ getOutHelpWidth: () => 120, getOutHasColors: () => false });
    const expected = program.helpInformation();
    expect(screen.replaceAll("\r\n", "\n").trim()).toBe(expected.trim());
    expect(expected).not.toBe(readFileSync(new URL("../dist/help.txt", import.meta.url), "utf8"));
  });

  it("src source list --help loads that command's module and no other", async () => {
    const loaded = await loadedBy(["source", "list", "--help"]);
    expect(loaded.filter((name) => commandModules.includes(name))).toEqual(["source-list"]);
    expect(loaded.filter((name) => /zod|@src\/service|packages\/service/.test(name))).toEqual([]);
  });
});
