import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";

let temp: TempHome;
beforeAll(async () => {
  temp = await createTempHome();
});
afterAll(() => temp.cleanup());

const everyCommand = [
  [],
  ["source"],
  ["source", "add"],
  ["source", "list"],
  ["source", "show"],
  ["source", "reload"],
  ["source", "enable"],
  ["source", "disable"],
  ["source", "remove"],
  ["credential"],
  ["credential", "set"],
  ["credential", "delete"],
  ["tools"],
  ["call"],
  ["shell"],
  ["mcp"],
  ["serve"],
  ["token"],
  ["token", "create"],
  ["token", "list"],
  ["token", "revoke"],
  ["vault"],
  ["vault", "reset"],
];

describe("help and version", () => {
  it.each(everyCommand.map((words) => [words.join(" ") || "(root)", words]))(
    "src %s --help prints usage on stdout, exit 0",
    async (_name, words) => {
      const result = await runSrc([...words, "--help"], { env: temp.env });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: src/);
      expect(result.stdout).toContain("--help");
    },
  );

  it("--version prints the package version", async () => {
    const result = await runSrc(["--version"]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("source add --help lists every flag of the contract", async () => {
    const { stdout } = await runSrc(["source", "add", "--help"]);
    for (const flag of [
      "--name",
      "--slug",
      "--base-url",
      "--auth",
      "--header-name",
      "--query-param",
      "--test-endpoint",
      "--username",
      "--credential-stdin",
      "--disabled",
      "--no-test",
    ]) {
      expect(stdout).toContain(flag);
    }
  });
});

describe("bad usage exits 2 with the error on stderr", () => {
  const cases: { why: string; args: string[] }[] = [
    { why: "unknown flag", args: ["source", "list", "--bogus"] },
    { why: "unknown command", args: ["frobnicate"] },
    { why: "missing argument", args: ["source", "show"] },
    { why: "no subcommand", args: ["source"] },
    { why: "no command at all", args: [] },
    { why: "-q without =", args: ["call", "x", "GET", "/", "-q", "novalue"] },
    { why: "a secret is never a flag: --token does not exist", args: ["source", "add", "--token", "abc"] },
  ];
  it.each(cases)("$why", async ({ args }) => {
    const result = await runSrc(args, { env: temp.env });
    expect(result.code).toBe(2);
    expect(result.stderr).not.toBe("");
    expect(result.stdout).toBe("");
  });

  it("with --json the error is also a JSON document on stdout", async () => {
    const result = await runSrc(["source", "list", "--bogus", "--json"], { env: temp.env });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({
      error: { code: "USAGE", message: expect.stringContaining("--bogus") },
    });
    expect(result.stderr).toContain("--bogus");
  });

  it("an unknown slug exits 2 and names the slug", async () => {
    const result = await runSrc(["source", "show", "nope", "--json"], { env: temp.env });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout).error.code).toBe("SOURCE_NOT_FOUND");
    expect(result.stderr).toContain('"nope"');
    expect(result.stderr.trim().split("\n").length).toBeLessThanOrEqual(2);
  });
});
