import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { sourceAddArgs } from "./helpers/source-add-args";

// A basic-auth API that takes the key as the username (and an empty password): the username is as secret as a
// password, so it can come on stdin with the password (never only a flag), and the CLI never prints it back.

const key = "key-SECRET456-7d1f0b";
const credentialJson = JSON.stringify({ username: key, password: "" });
let temp: TempHome;
let upstreams: Upstream[];
const src = (args: string[], stdin?: string): Promise<RunResult> =>
  runSrc(args, { env: temp.env, stdin, cwd: temp.home });
const printed = (result: RunResult): string => result.stdout + result.stderr;

async function upstream(): Promise<Upstream> {
  const started = await startUpstream({ type: "basic", username: key, password: "" });
  upstreams.push(started);
  return started;
}

beforeEach(async () => {
  temp = await createTempHome();
  upstreams = [];
});
afterEach(async () => {
  await Promise.all(upstreams.map((started) => started.close()));
  // Stored encrypted: no file under the home holds the key in clear (config.json included).
  for (const file of await temp.files()) expect(file.text, file.path).not.toContain(key);
  await temp.cleanup();
});

describe("basic auth with the key as the username", { timeout: 60_000 }, () => {
  it('source add takes {"username","password"} on --credential-stdin, connects, and prints the key nowhere', async () => {
    const api = await upstream();
    const added = await src(
      sourceAddArgs({ name: "BJ", baseUrl: api.url }, "--auth", "basic", "--credential-stdin"),
      credentialJson,
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain("bj: connected");
    expect(printed(added)).not.toContain(key);
    expect(api.received.length).toBeGreaterThan(0);
    const config = await readFile(join(temp.home, "sources", "bj", "config.json"), "utf8");
    expect(config).not.toContain("username");
  });

  it("source edit --base-url: the Next line names no username, and credential set takes the JSON object", async () => {
    const old = await upstream();
    // Added the older way, the key as --username (an empty password on stdin): that keeps working.
    const added = await src(
      sourceAddArgs({ name: "BJ", baseUrl: old.url }, "--auth", "basic", "--username", key, "--credential-stdin"),
      "",
    );
    expect(added.code, added.stderr).toBe(0);
    expect(printed(added)).not.toContain(key);
    const moved = await upstream();
    const edited = await src(["source", "edit", "bj", "--base-url", moved.url]);
    expect(edited.code, edited.stderr).toBe(0);
    expect(edited.stdout).toContain("Next: src credential set bj\n");
    expect(printed(edited)).not.toContain(key);
    expect(printed(edited)).not.toContain("--username");

    const stored = await src(["credential", "set", "bj", "--credential-stdin"], credentialJson);
    expect(stored.code, stored.stderr).toBe(0);
    expect(stored.stdout).toContain("bj: connected");
    expect(printed(stored)).not.toContain(key);
    expect(moved.received.length).toBeGreaterThan(0);
  });

  it("a test the API refuses: the Next line names no username", async () => {
    const api = await upstream();
    const refused = await src(
      sourceAddArgs({ name: "BJ", baseUrl: api.url }, "--auth", "basic", "--username", key, "--credential-stdin"),
      "not-empty",
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Next: src credential set bj\n");
    expect(printed(refused)).not.toContain(key);
  });

  it("--username stays a way to give it; given twice (flag and JSON) is refused; missing names both ways", async () => {
    const api = await upstream();
    const twice = await src(
      sourceAddArgs({ name: "BJ", baseUrl: api.url }, "--auth", "basic", "--username", "ada", "--credential-stdin"),
      credentialJson,
    );
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain(
      'error: --credential-stdin: "username" is in the JSON object and given by --username as well; give it once; nothing was stored',
    );
    expect(printed(twice)).not.toContain(key);
    const none = await src(
      sourceAddArgs({ name: "BJ", baseUrl: api.url }, "--auth", "basic", "--credential-stdin"),
      JSON.stringify({ password: "" }),
    );
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('missing --username (or "username" in the JSON object on --credential-stdin)');
    const noPassword = await src(
      sourceAddArgs({ name: "BJ", baseUrl: api.url }, "--auth", "basic", "--credential-stdin"),
      JSON.stringify({ username: key }),
    );
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('the JSON object has no "password", which auth type "basic" needs');
    expect(printed(noPassword)).not.toContain(key);
    // A key misspelled (or one the mode manages) is refused by name: the object is never kept as one raw secret.
    const misspelled = await src(
      sourceAddArgs({ name: "BJ", baseUrl: api.url }, "--auth", "basic", "--credential-stdin"),
      JSON.stringify({ username: key, pasword: "" }),
    );
    expect(misspelled.code).toBe(2);
    expect(misspelled.stderr).toContain(
      'error: --credential-stdin: the JSON object has "pasword", which is not a field of this credential (its fields: username, password; the mode fills in the others itself); fix or leave out that key. Nothing was stored',
    );
    expect(printed(misspelled)).not.toContain(key);
    expect(api.requests).toHaveLength(0);
    expect((await src(["--json", "source", "list"])).stdout.trim()).toBe("[]");

    const flag = await src(
      sourceAddArgs({ name: "BJ", baseUrl: api.url }, "--auth", "basic", "--username", key, "--credential-stdin"),
      "",
    );
    expect(flag.code, flag.stderr).toBe(0);
    expect(flag.stdout).toContain("bj: connected");
  });

  it("--help says the username may come in the JSON object on --credential-stdin and where it is kept", async () => {
    const help = await src(["source", "add", "--auth", "basic", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(
      "credential fields (kept encrypted with the secret in the vault, never in config.json):",
    );
    expect(help.stdout).toContain(
      'username (required; --set username=VALUE (or --username), or "username" in the JSON object on --credential-stdin)',
    );
    expect(help.stdout).toContain(
      `printf '%s' '{"username":"…","password":"…"}' | src source add … --credential-stdin`,
    );
  });
});
