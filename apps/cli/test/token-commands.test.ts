import { access } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";
import { createTempHome, type TempHome } from "./helpers/temp-home";

// A home per test: each makes the tokens it needs, so it runs alone, in any order, and again.
let temp: TempHome;
beforeEach(async () => {
  temp = await createTempHome();
});
afterEach(() => temp.cleanup());

/** Adds bearer sources under these slugs (not tested: nothing listens at their base URL). */
async function addSources(...slugs: string[]): Promise<void> {
  for (const slug of slugs) {
    const added = await runSrc(
      sourceAddArgs({ name: slug, slug, baseUrl: "http://127.0.0.1:9" }, ...bearerFromStdin, "--no-test"),
      { env: temp.env, stdin: "upstream-token-of-the-tests" },
    );
    expect(added.code, added.stderr).toBe(0);
  }
}

describe("src token", () => {
  it("create prints the value alone on stdout, once; list shows the prefix; the home holds no value", async () => {
    await addSources("github", "jira");
    const created = await runSrc(["token", "create", "claude", "--sources", "github,jira", "--expires", "30d"], {
      env: temp.env,
    });
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^srca_[A-Za-z0-9_-]{43}$/);
    expect(created.stderr).toContain('Created agent token "claude" for the sources github, jira, expiring ');
    expect(created.stderr).not.toContain(token);

    const listed = await runSrc(["token", "list"], { env: temp.env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^NAME +PREFIX +SOURCES +ACCESS +EXPIRES +CLIENT +LAST USED\n/);
    expect(listed.stdout).toContain(`claude  ${token.slice(0, 12)}…  github,jira`);
    expect(listed.stdout).not.toContain(token);

    const json = await runSrc(["--json", "token", "list"], { env: temp.env });
    expect(JSON.parse(json.stdout)).toMatchObject({
      tokens: [{ name: "claude", prefix: token.slice(0, 12), sources: ["github", "jira"], expired: false }],
    });
    for (const file of await temp.files()) expect(file.text, file.path).not.toContain(token);
  });

  it("create --json is { name, token, sources, expiresAt }", async () => {
    const created = await runSrc(["--json", "token", "create", "everything"], { env: temp.env });
    expect(created.code, created.stderr).toBe(0);
    const body = JSON.parse(created.stdout) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["name", "token", "sources", "expiresAt", "readOnly", "rateLimit"]);
    expect(body).toMatchObject({ name: "everything", sources: null, expiresAt: null });
  });

  it.each([
    {
      why: "a lifetime it cannot read",
      args: ["token", "create", "x1", "--expires", "soon"],
      message: 'expires "soon"',
    },
    { why: "a name with a slash", args: ["token", "create", "a/b"], message: 'token name "a/b"' },
    {
      why: "a source that is not a slug",
      args: ["token", "create", "x2", "--sources", "GitHub"],
      message: '"GitHub" is not a source slug',
    },
    {
      why: "a name taken",
      args: ["token", "create", "claude"],
      message: "exists already",
      first: ["token", "create", "claude"],
    },
    {
      why: "revoking an unknown name",
      args: ["token", "revoke", "nobody"],
      message: 'no agent token is named "nobody"',
    },
  ])("refuses $why with exit 2 and a message", async ({ args, message, first }) => {
    if (first !== undefined) expect((await runSrc(first, { env: temp.env })).code).toBe(0);
    const result = await runSrc(args, { env: temp.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe("");
  });

  it("create refuses slugs no source has with exit 2, naming them and the configured ones, and writes nothing", async () => {
    const empty = await runSrc(["token", "create", "typo1", "--sources", "githib"], { env: temp.env });
    expect(empty.code).toBe(2);
    expect(empty.stdout).toBe("");
    expect(empty.stderr).toContain(
      'sources: there is no source "githib"; no source is configured yet. Check the slugs with `src source list`, or add the source first (`src source add`), then create the token',
    );
    await addSources("github", "jira");
    const named = 'there is no source "githib"; the configured sources are github, jira.';
    const typo = await runSrc(["token", "create", "typo2", "--sources", "githib,jira"], { env: temp.env });
    expect(typo.code).toBe(2);
    expect(typo.stdout).toBe("");
    expect(typo.stderr).toContain(named);
    const json = await runSrc(["--json", "token", "create", "typo2", "--sources", "githib"], { env: temp.env });
    expect(json.code).toBe(2);
    const { error } = JSON.parse(json.stdout) as { error: { code: string; message: string } };
    expect(error.code).toBe("INVALID_AGENT_TOKEN_REQUEST");
    expect(error.message).toContain(named);
    const listed = JSON.parse((await runSrc(["--json", "token", "list"], { env: temp.env })).stdout) as {
      tokens: unknown[];
    };
    expect(listed.tokens).toEqual([]);
    // The source added later under that slug is not reached by a token refused before.
    await addSources("githib");
    const fixed = await runSrc(["--json", "token", "create", "typo2", "--sources", "githib"], { env: temp.env });
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(JSON.parse(fixed.stdout)).toMatchObject({ name: "typo2", sources: ["githib"] });
  });

  it("create refuses a bad --rate-limit with exit 2, naming the flag as src source add does, and writes nothing", async () => {
    await addSources("github");
    const refused = await runSrc(["token", "create", "x4", "--rate-limit", "0/1m"], { env: temp.env });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain('--rate-limit: "0/1m": write calls/duration, e.g. "60/1m"');
    expect(refused.stderr).not.toContain("rateLimit");
    const json = await runSrc(["--json", "token", "create", "x4", "--rate-limit", "0/1m"], { env: temp.env });
    expect(json.code).toBe(2);
    const { error } = JSON.parse(json.stdout) as { error: { code: string; message: string } };
    expect(error.code).toBe("INVALID_AGENT_TOKEN_REQUEST");
    expect(error.message).toContain('--rate-limit: "0/1m"');
    await expect(access(join(temp.home, "agent-tokens.json"))).rejects.toThrow();
    const listed = JSON.parse((await runSrc(["--json", "token", "list"], { env: temp.env })).stdout) as {
      tokens: unknown[];
    };
    expect(listed.tokens).toEqual([]);
  });

  it("revoke removes the token", async () => {
    for (const name of ["claude", "everything"])
      expect((await runSrc(["token", "create", name], { env: temp.env })).code).toBe(0);
    expect((await runSrc(["token", "revoke", "everything"], { env: temp.env })).stdout).toBe(
      'Revoked agent token "everything".\n',
    );
    const listed = JSON.parse((await runSrc(["--json", "token", "list"], { env: temp.env })).stdout) as {
      tokens: { name: string }[];
    };
    expect(listed.tokens.map((token) => token.name)).toEqual(["claude"]);
  });

  it("source remove names the tokens that still name the source (text and --json), and not those that do not", async () => {
    await addSources("github", "jira", "wiki");
    for (const args of [
      ["token", "create", "ci", "--sources", "github,jira"],
      ["token", "create", "bot", "--sources", "github"],
      ["token", "create", "docs", "--sources", "wiki"],
      ["token", "create", "everything"],
    ])
      expect((await runSrc(args, { env: temp.env })).code).toBe(0);
    const removed = await runSrc(["source", "remove", "github"], { env: temp.env });
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toBe(
      'Removed source "github" and its credential.\n' +
        'Agent tokens that still name "github": ci, bot. A source added again as "github" is theirs to call; `src token revoke NAME` ends one.\n',
    );
    const json = await runSrc(["--json", "source", "remove", "jira"], { env: temp.env });
    expect(JSON.parse(json.stdout)).toEqual({ removed: "jira", stillNamedByTokens: ["ci"] });
    expect((await runSrc(["token", "revoke", "docs"], { env: temp.env })).code).toBe(0);
    const none = await runSrc(["--json", "source", "remove", "wiki"], { env: temp.env });
    expect(JSON.parse(none.stdout)).toEqual({ removed: "wiki" });
  });
});
