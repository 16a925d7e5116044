import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";

// A secret given as a flag (`--credential sekret`, `--token=...`) is refused with where it goes instead and why it
// never goes in a flag; the value is never repeated, and nothing is written.

const secret = "sekret-flag-value-8c2f41d9";
let temp: TempHome;

beforeAll(async () => {
  temp = await createTempHome();
});
afterAll(async () => {
  await temp.cleanup();
});

const why =
  "src takes no secret in a flag: a flag stays in the shell's history and every user of this machine can read it in the process list";

describe("secret-looking flags", { timeout: 60_000 }, () => {
  it.each([
    { args: ["source", "add", "--name", "X", "--credential", secret], flag: "--credential", command: "src source add" },
    { args: ["source", "add", `--token=${secret}`], flag: "--token", command: "src source add" },
    { args: ["source", "add", "--auth", "basic", "--password", secret], flag: "--password", command: "src source add" },
    { args: ["source", "add", "--client-secret", secret], flag: "--client-secret", command: "src source add" },
    { args: ["credential", "set", "github", "--api-key", secret], flag: "--api-key", command: "src credential set" },
    { args: ["credential", "set", "github", "--secret", secret], flag: "--secret", command: "src credential set" },
  ])(
    "$flag on `$command` points to --credential-stdin and the hidden prompt (exit 2), never repeating the value",
    async ({ args, flag, command }) => {
      const result = await runSrc(args, { env: temp.env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `error: ${flag}: ${why}. Instead, pipe it on stdin with --credential-stdin (printf '%s' "$SECRET" | ${command} ... --credential-stdin), or leave it out on a terminal and \`${command}\` asks for it with hidden input`,
      );
      expect(result.stdout + result.stderr).not.toContain(secret);
      expect(await temp.files()).toEqual([]);
    },
  );

  it("--new-key on `src vault rotate` points to --new-key-stdin", async () => {
    const result = await runSrc(["vault", "rotate", "--new-key", secret], { env: temp.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `error: --new-key: ${why}. Instead, pipe it on stdin with --new-key-stdin (printf '%s' "$SECRET" | src vault rotate ... --new-key-stdin)`,
    );
    expect(result.stdout + result.stderr).not.toContain(secret);
  });

  it("on a command that never takes a secret (src call, or before the command), points to src credential set", async () => {
    for (const args of [
      ["call", "github", "GET", "/user", "--token", secret],
      ["--password", secret, "source", "list"],
    ]) {
      const result = await runSrc(args, { env: temp.env });
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toContain(
        `${why}. Instead, store a source's secret with \`src credential set SLUG\`, which asks for it with hidden input (or reads it with --credential-stdin)`,
      );
      expect(result.stdout + result.stderr).not.toContain(secret);
    }
  });

  it("--json prints the same advice as { error: { code: USAGE } }", async () => {
    const result = await runSrc(["--json", "source", "add", "--credential", secret], { env: temp.env });
    expect(result.code).toBe(2);
    const printed = JSON.parse(result.stdout) as { error: { code: string; message: string } };
    expect(printed.error.code).toBe("USAGE");
    expect(printed.error.message).toContain("--credential: src takes no secret in a flag");
    expect(result.stdout + result.stderr).not.toContain(secret);
  });

  it("other unknown flags keep commander's answer, and known flags such as --token-url are untouched", async () => {
    const unknown = await runSrc(["source", "list", "--bogus"], { env: temp.env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("error: unknown option '--bogus'");
    const help = await runSrc(["source", "add", "--help"], { env: temp.env });
    expect(help.stdout).toContain("--token-url");
  });
});
