import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";

// `src source add --credential-stdin` without a terminal: a credential field the piped JSON object gives is not named
// as missing when another flag is missing; the error names only what neither the flags nor the object give.

let temp: TempHome;
const src = (args: string[], stdin: string): Promise<RunResult> =>
  runSrc(args, { env: temp.env, stdin, cwd: temp.home });
/** The source folders under the home (`.locks` is no source). */
const sourcesWritten = async (): Promise<string[]> =>
  (await readdir(join(temp.home, "sources")).catch(() => [])).filter((name) => !name.startsWith("."));

beforeEach(async () => {
  temp = await createTempHome();
});
afterEach(async () => {
  await temp.cleanup();
});

const cases = [
  {
    auth: "basic",
    args: ["--name", "Bx", "--base-url", "http://127.0.0.1:18101/bx", "--auth", "basic"],
    stdin: JSON.stringify({ username: "alice", password: "pw-SECRET-1" }),
    missingFlag: "--test-endpoint",
    slug: "bx",
    completing: ["--test-endpoint", "/me"],
    secret: "pw-SECRET-1",
  },
  {
    auth: "aws-sigv4",
    args: ["--name", "Ax", "--base-url", "http://127.0.0.1:18101/ax", "--auth", "aws-sigv4", "--set", "service=s3"],
    args2: ["--test-endpoint", "/"],
    stdin: JSON.stringify({ accessKeyId: "AKIAEXAMPLEKEY000001", secretAccessKey: "sak-SECRET-2" }),
    missingFlag: "--set region=VALUE",
    slug: "ax",
    completing: ["--set", "region=eu-west-1"],
    secret: "sak-SECRET-2",
  },
];

describe("source add --credential-stdin names only the fields missing from both the flags and the JSON", () => {
  for (const c of cases) {
    it(`${c.auth}: the JSON object's fields are not named; only ${c.missingFlag}`, { timeout: 60_000 }, async () => {
      const base = [...c.args, ...(c.args2 ?? []), "--credential-stdin", "--no-test"];
      const failed = await src(["source", "add", ...base], c.stdin);
      expect(failed.code, failed.stderr).toBe(2);
      expect(failed.stderr).toContain(`missing ${c.missingFlag}; pass`);
      expect(failed.stderr).not.toContain("in the JSON object");
      expect(failed.stdout + failed.stderr).not.toContain(c.secret);
      expect(await sourcesWritten()).toEqual([]);

      const added = await src(["source", "add", ...base, ...c.completing], c.stdin);
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout + added.stderr).not.toContain(c.secret);
      expect(await sourcesWritten()).toEqual([c.slug]);
    });
  }

  it("a field missing from both is still named, exit 2, nothing written", { timeout: 60_000 }, async () => {
    const failed = await src(
      ["source", "add", "--name", "Bx", "--base-url", "http://127.0.0.1:18101/bx", "--auth", "basic"].concat([
        "--credential-stdin",
        "--no-test",
      ]),
      JSON.stringify({ password: "pw-SECRET-3" }),
    );
    expect(failed.code, failed.stderr).toBe(2);
    expect(failed.stderr).toContain(
      'missing --test-endpoint, --username (or "username" in the JSON object on --credential-stdin); pass',
    );
    expect(await sourcesWritten()).toEqual([]);
  });
});
