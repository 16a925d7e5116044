import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runInTerminal } from "./helpers/run-in-terminal";
import { runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";
import { srcMcpTransport } from "./helpers/src-mcp-transport";

const secret = "policy-cli-secret-9a8b7c6d";
const require = createRequire(import.meta.url);
let upstream: Upstream;
const homes: TempHome[] = [];

beforeAll(async () => {
  upstream = await startUpstream({ type: "bearer", token: secret });
});
afterAll(async () => {
  await upstream.close();
  await Promise.all(homes.map((home) => home.cleanup()));
});

/** A fresh home with one source "gh" at the upstream, added with the policy flags given. */
async function homeWith(policyFlags: string[], extra: string[] = []): Promise<TempHome> {
  const temp = await createTempHome();
  homes.push(temp);
  const added = await runSrc(
    sourceAddArgs({ name: "GH", baseUrl: upstream.url }, ...bearerFromStdin, ...extra, ...policyFlags),
    { env: temp.env, stdin: secret },
  );
  expect(added.stderr).toBe("");
  expect(added.code).toBe(0);
  return temp;
}

/** Runs `src call` and says which requests reached the upstream meanwhile. */
async function call(temp: TempHome, args: string[], env: Record<string, string> = {}) {
  const before = upstream.requests.length;
  const run = await runSrc(["call", "gh", ...args], { env: { ...temp.env, ...env } });
  return { ...run, sent: upstream.requests.slice(before).map((request) => `${request.method} ${request.path}`) };
}

async function auditLines(temp: TempHome): Promise<Record<string, unknown>[]> {
  const text = await readFile(join(temp.home, "logs", "calls.jsonl"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("src source add / edit: the policy flags", () => {
  it("writes api.policy, and src call refuses what it denies with POLICY_DENIED, exit 1, nothing sent, one audit line denied", async () => {
    const temp = await homeWith([
      "--allow",
      "GET /**",
      "--allow",
      "POST /repos/*/*/issues",
      "--deny",
      "DELETE /**",
      "--confirm",
      "PUT /repos/*/*/collaborators/*",
      "--rate-limit",
      "60/1m",
    ]);
    const config = JSON.parse(await readFile(join(temp.home, "sources", "gh", "config.json"), "utf8")) as {
      api: { policy: unknown };
    };
    expect(config.api.policy).toEqual({
      allow: ["GET /**", "POST /repos/*/*/issues"],
      deny: ["DELETE /**"],
      confirm: ["PUT /repos/*/*/collaborators/*"],
      rateLimit: { calls: 60, perSeconds: 60 },
    });

    const denied = await call(temp, ["DELETE", "/repos/a/b"]);
    expect(denied.sent).toEqual([]);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain(
      'error POLICY_DENIED: the policy of source "gh" refuses DELETE /repos/a/b: rule "DELETE /**" in deny; nothing was sent',
    );
    const notAllowed = await call(temp, ["PATCH", "/repos/a/b", "--body", "{}"]);
    expect(notAllowed.sent).toEqual([]);
    expect(notAllowed.stderr).toContain("not in allow (allowed: GET /**, POST /repos/*/*/issues)");
    const allowed = await call(temp, ["POST", "/repos/a/b/issues", "--body", '{"title":"x"}']);
    expect(allowed.sent).toEqual(["POST /repos/a/b/issues"]);
    expect(allowed.code).toBe(0);

    const lines = await auditLines(temp);
    expect(lines.map((line) => [line.outcome, line.errorCode, line.rule ?? null])).toEqual([
      ["denied", "POLICY_DENIED", "DELETE /**"],
      ["denied", "POLICY_DENIED", "not in allow"],
      ["sent", null, null],
    ]);
  });

  it("refuses an invalid rule with the others, naming the near miss; nothing is written", async () => {
    const temp = await createTempHome();
    homes.push(temp);
    const added = await runSrc(
      sourceAddArgs(
        { name: "GH", baseUrl: upstream.url },
        ...bearerFromStdin,
        "--allow",
        "GETT /x",
        "--deny",
        "/admin/**",
      ),
      { env: temp.env, stdin: secret },
    );
    expect(added.code).toBe(2);
    expect(added.stderr).toContain('api.policy.allow.0: "GETT /x": "GETT" is not a method; did you mean "GET /x"?');
    expect(added.stderr).toContain('api.policy.deny.0: "/admin/**" has no method: write "* /admin/**"');
    expect((await temp.files()).filter((file) => file.path.includes("sources"))).toEqual([]);
    const rate = await runSrc(
      sourceAddArgs({ name: "GH", baseUrl: upstream.url }, ...bearerFromStdin, "--rate-limit", "sixty"),
      { env: temp.env, stdin: secret },
    );
    expect(rate.code).toBe(2);
    expect(rate.stderr).toContain('--rate-limit: "sixty": write calls/duration, e.g. "60/1m"');
  });

  it("edit replaces the lists given and keeps the rest; --read-only then refuses every write", async () => {
    const temp = await homeWith(["--allow", "GET /a/**", "--deny", "DELETE /**"]);
    const edited = await runSrc(["source", "edit", "gh", "--allow", "* /b/**", "--read-only", "--json"], {
      env: temp.env,
    });
    expect(edited.code).toBe(0);
    expect((JSON.parse(edited.stdout) as { source: { api: { policy: unknown } } }).source.api.policy).toEqual({
      allow: ["* /b/**"],
      deny: ["DELETE /**"],
      mode: "read-only",
    });
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const refused = await call(temp, [method, "/b/x"]);
      expect(refused.sent).toEqual([]);
      expect(refused.stderr).toContain("the source is read-only");
    }
    for (const method of ["GET", "HEAD", "OPTIONS"])
      expect((await call(temp, [method, "/b/x"])).sent).toEqual([`${method} /b/x`]);
    const cleared = await runSrc(["source", "edit", "gh", "--read-write", "--allow", "", "--deny", "", "--json"], {
      env: temp.env,
    });
    expect((JSON.parse(cleared.stdout) as { source: { api: { policy?: unknown } } }).source.api.policy).toBeUndefined();
    expect((await call(temp, ["DELETE", "/b/x"])).sent).toEqual(["DELETE /b/x"]);
  });
});

describe("src source add / edit: tool names that would clash", () => {
  /** Adds source "GH Write" (slug gh-write) beside "gh": its own tool is api_gh_write. */
  const addGhWrite = (temp: TempHome) =>
    runSrc(sourceAddArgs({ name: "GH Write", baseUrl: upstream.url }, ...bearerFromStdin, "--json"), {
      env: temp.env,
      stdin: secret,
    });

  it("refuses a source gh-write beside gh split into api_gh and api_gh_write, and keeps nothing of it", async () => {
    const temp = await homeWith(["--tools", "split"]);
    const added = await addGhWrite(temp);
    expect(added.code).toBe(2);
    expect(JSON.parse(added.stdout).error.message).toContain(
      'slug: the tool name api_gh_write would belong to both "gh-write" and source "gh"',
    );
    const listed = JSON.parse((await runSrc(["source", "list", "--json"], { env: temp.env })).stdout);
    expect(listed.map((entry: { slug: string }) => entry.slug)).toEqual(["gh"]);
  });

  it("refuses to split gh's tools while a source gh-write exists, and leaves gh's policy as it was", async () => {
    const temp = await homeWith([]);
    expect((await addGhWrite(temp)).code).toBe(0);
    const edited = await runSrc(["source", "edit", "gh", "--tools", "split"], { env: temp.env });
    expect(edited.code).toBe(2);
    expect(edited.stderr).toContain(
      'api.policy.tools: the tool name api_gh_write would belong to both "gh" and source "gh-write"',
    );
    const config = JSON.parse(await readFile(join(temp.home, "sources", "gh", "config.json"), "utf8"));
    expect(config.api.policy?.tools).toBeUndefined();
  });
});

describe("src policy", () => {
  it.each([
    { call: "GET /me#frag", why: 'path "/me#frag" contains "#"; fragments are never sent to a server' },
    { call: "GET /a%2fb", why: 'path "/a%2fb" encodes a "/"' },
    { call: "FETCH /a", why: "method: must be one of GET, HEAD, POST" },
  ])("--check $call says why the tool would refuse it (exit 2), nothing sent", async ({ call, why }) => {
    const temp = await homeWith([]);
    const before = upstream.requests.length;
    const checked = await runSrc(["policy", "gh", "--check", call, "--json"], { env: temp.env });
    expect(checked.code).toBe(2);
    expect(JSON.parse(checked.stdout).check).toMatchObject({ verdict: "invalid" });
    expect(JSON.parse(checked.stdout).check.why).toContain(`"${call}" is not a call the tool would send: ${why}`);
    expect(upstream.requests.length).toBe(before);
  });

  it("prints the effective policy and checks calls: allowed, refused and by which rule (exit 1), confirm", async () => {
    const temp = await homeWith([
      "--allow",
      "GET /**",
      "--deny",
      "DELETE /repos/**",
      "--confirm",
      "PUT /repos/*/*/collaborators/*",
      "--tools",
      "split",
    ]);
    const before = upstream.requests.length;
    const shown = await runSrc(["policy", "gh"], { env: temp.env });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain("deny: DELETE /repos/**");
    expect(shown.stdout).toContain("Tools: api_gh (read-only), api_gh_write");
    const refused = await runSrc(["policy", "gh", "--check", "DELETE /repos/a/b"], { env: temp.env });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Check DELETE /repos/a/b: refused by "DELETE /repos/**"');
    const confirm = await runSrc(["policy", "gh", "--check", "PUT /repos/a/b/collaborators/c", "--json"], {
      env: temp.env,
    });
    expect(confirm.code).toBe(1); // PUT is not in allow: deny and allow come before confirm
    expect(JSON.parse(confirm.stdout)).toMatchObject({ check: { verdict: "refused", rule: "not in allow" } });
    const allowed = await runSrc(["policy", "gh", "--check", "GET /user", "--json"], { env: temp.env });
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout)).toMatchObject({
      slug: "gh",
      policy: { tools: "split" },
      check: { verdict: "allowed" },
      tools: [
        { name: "api_gh", readOnly: true },
        { name: "api_gh_write", readOnly: false },
      ],
    });
    // A check sends nothing (the upstream is shared with the other tests, whose sources are validated on add).
    expect(upstream.requests.slice(before)).toEqual([]);
  });

  it("--token NAME narrows it: a read-only token never writes, and its tools are read-only", async () => {
    const temp = await homeWith(["--tools", "split"]);
    const created = await runSrc(
      ["token", "create", "reader", "--sources", "gh", "--read-only", "--rate-limit", "10/1m", "--json"],
      { env: temp.env },
    );
    expect(JSON.parse(created.stdout)).toMatchObject({
      name: "reader",
      readOnly: true,
      rateLimit: { calls: 10, perSeconds: 60 },
    });
    const listed = await runSrc(["token", "list"], { env: temp.env });
    expect(listed.stdout).toMatch(/reader\s+srca_\S+…\s+gh\s+read-only 10\/60s/);
    const checked = await runSrc(["policy", "gh", "--check", "POST /repos/a/b/issues", "--token", "reader", "--json"], {
      env: temp.env,
    });
    expect(checked.code).toBe(1);
    expect(JSON.parse(checked.stdout)).toMatchObject({
      token: { name: "reader", readOnly: true },
      tools: [{ name: "api_gh", readOnly: true }],
      check: {
        verdict: "refused",
        rule: "read-only",
        why: 'agent token "reader" is read-only (GET, HEAD and OPTIONS only)',
      },
    });
  });

  it("source edit --help says which flag removes each rule list", async () => {
    const help = (await runSrc(["source", "edit", "--help"])).stdout.replace(/\s+/g, " ");
    for (const flag of ["--allow", "--deny", "--confirm"]) expect(help).toContain(`(${flag} "" removes it)`);
  });

  it("--token NAME for a token of other sources, or one that has expired: refused, no tools, as the server would", async () => {
    const temp = await homeWith([]);
    const other = await runSrc(
      sourceAddArgs({ name: "Other", slug: "other", baseUrl: upstream.url }, ...bearerFromStdin, "--no-test"),
      { env: temp.env, stdin: secret },
    );
    expect(other.code, other.stderr).toBe(0);
    expect((await runSrc(["token", "create", "elsewhere", "--sources", "other"], { env: temp.env })).code).toBe(0);
    const elsewhere = await runSrc(["policy", "gh", "--check", "GET /user", "--token", "elsewhere", "--json"], {
      env: temp.env,
    });
    expect(elsewhere.code).toBe(1);
    const why =
      'agent token "elsewhere" may not call source "gh" (it is for "other"): the server refuses its calls to it';
    expect(JSON.parse(elsewhere.stdout)).toMatchObject({
      token: { name: "elsewhere", mayCall: false, why },
      tools: [],
      check: { verdict: "refused", method: "GET", path: "/user", rule: "agent token", why },
    });
    const text = await runSrc(["policy", "gh", "--token", "elsewhere"], { env: temp.env });
    expect(text.stdout).toContain(`Refused: ${why}`);
    expect(text.stdout).toContain("Tools: (none for this token)");
    // A token whose time is up, written as the store keeps it (created an hour ago, expired a minute ago).
    await runSrc(["token", "create", "late", "--sources", "gh", "--expires", "1h"], { env: temp.env });
    const file = join(temp.home, "agent-tokens.json");
    const stored = JSON.parse(await readFile(file, "utf8")) as { tokens: { name: string; expiresAt: string }[] };
    for (const token of stored.tokens)
      if (token.name === "late") token.expiresAt = new Date(Date.now() - 60_000).toISOString();
    await writeFile(file, JSON.stringify(stored));
    const late = await runSrc(["policy", "gh", "--check", "GET /user", "--token", "late", "--json"], { env: temp.env });
    expect(late.code).toBe(1);
    expect(JSON.parse(late.stdout).check).toMatchObject({ verdict: "refused", rule: "agent token" });
    expect(JSON.parse(late.stdout).check.why).toContain('agent token "late" has expired');
  });
});

describe("confirm rules in src call", () => {
  const confirmRule = ["--confirm", "PUT /repos/*/*/collaborators/*"];

  it("without a terminal and without --yes: CONFIRMATION_REQUIRED naming the rule, exit 1, nothing sent", async () => {
    const temp = await homeWith(confirmRule);
    const refused = await call(temp, ["PUT", "/repos/a/b/collaborators/c"]);
    expect(refused.sent).toEqual([]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error CONFIRMATION_REQUIRED: PUT /repos/a/b/collaborators/c on source "gh" needs a person\'s confirmation (rule "PUT /repos/*/*/collaborators/*" in confirm)',
    );
  });

  it("--yes confirms it", async () => {
    const temp = await homeWith(confirmRule);
    const sent = await call(temp, ["PUT", "/repos/a/b/collaborators/c", "--yes"]);
    expect(sent.sent).toEqual(["PUT /repos/a/b/collaborators/c"]);
    expect(sent.code).toBe(0);
  });

  it("in a terminal, asks yes/no: no sends nothing, yes sends it; the question never shows a body value", async () => {
    const temp = await homeWith(confirmRule);
    const before = upstream.requests.length;
    const declined = await runInTerminal(
      ["call", "gh", "PUT", "/repos/a/b/collaborators/c", "--body", '{"permission":"admin-value-7"}'],
      temp.env,
      [{ expect: "Send PUT /repos/a/b/collaborators/c", send: "n\r" }],
    );
    expect(declined.screen).toContain("Body: JSON object with keys permission");
    expect(declined.screen).not.toContain("admin-value-7");
    expect(declined.screen).toContain("CONFIRMATION_DECLINED");
    expect(declined.code).toBe(1);
    expect(upstream.requests.length).toBe(before);
    const accepted = await runInTerminal(
      ["call", "gh", "PUT", "/repos/a/b/collaborators/c", "--body", "{}"],
      temp.env,
      [{ expect: "Send PUT /repos/a/b/collaborators/c", send: "y\r" }],
    );
    expect(accepted.code).toBe(0);
    expect(upstream.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      "PUT /repos/a/b/collaborators/c",
    ]);
  });
});

describe("operation and tag rules with GitHub's document (@octokit/openapi)", () => {
  it("deny operation:repos/delete, allow tag:pulls and operation:users/get-authenticated", async () => {
    const github = require.resolve("@octokit/openapi/generated/api.github.com.json");
    const temp = await homeWith(
      [
        "--allow",
        "tag:pulls",
        "--allow",
        "operation:users/get-authenticated",
        "--allow",
        "operation:repos/*",
        "--deny",
        "operation:repos/delete",
      ],
      ["--openapi", github, "--api", "openapiValidation=off", "--no-test"],
    );
    expect((await call(temp, ["DELETE", "/repos/octo/hello"])).stderr).toContain(
      'rule "operation:repos/delete" in deny',
    );
    expect((await call(temp, ["DELETE", "/REPOS/octo/hello"])).stderr).toContain(
      'rule "operation:repos/delete" in deny',
    );
    expect((await call(temp, ["GET", "/repos/octo/hello/pulls"])).sent).toEqual(["GET /repos/octo/hello/pulls"]);
    expect((await call(temp, ["GET", "/user"])).sent).toEqual(["GET /user"]);
    expect((await call(temp, ["GET", "/repos/octo/hello"])).sent).toEqual(["GET /repos/octo/hello"]);
    const issues = await call(temp, ["GET", "/repos/octo/hello/issues"]);
    expect(issues.sent).toEqual([]);
    expect(issues.stderr).toContain("not in allow");
    const checked = await runSrc(["policy", "gh", "--check", "DELETE /repos/octo/hello", "--json"], { env: temp.env });
    expect(JSON.parse(checked.stdout)).toMatchObject({
      check: { verdict: "refused", operationId: "repos/delete", rule: "operation:repos/delete" },
    });
  }, 120_000);
});

describe("src mcp: split tools, annotations, elicitation, rate limit", () => {
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  async function connect(
    temp: TempHome,
    answer?: (message: string) => { action: "accept" | "decline" | "cancel"; content?: Record<string, unknown> },
  ): Promise<{ client: Client; asked: string[] }> {
    const asked: string[] = [];
    const transport = srcMcpTransport(temp.env);
    client = new Client(
      { name: "policy-test", version: "0.0.0" },
      answer === undefined ? {} : { capabilities: { elicitation: {} } },
    );
    if (answer !== undefined) {
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        const message = request.params.message;
        asked.push(message);
        return answer(message);
      });
    }
    await client.connect(transport);
    return { client, asked };
  }

  it("split tools: api_<slug> read-only hints, api_<slug>_write destructive; a read-only source has one read-only tool", async () => {
    const temp = await homeWith(["--tools", "split"]);
    const { client: split } = await connect(temp);
    const { tools } = await split.listTools();
    expect(
      tools.map((tool) => [
        tool.name,
        tool.annotations?.readOnlyHint,
        tool.annotations?.destructiveHint,
        tool.annotations?.openWorldHint,
      ]),
    ).toEqual([
      ["api_gh", true, false, true],
      ["api_gh_write", false, true, true],
    ]);
    expect(tools[0]!.description).toContain(
      "This tool only reads (GET, HEAD, OPTIONS); writes go through api_gh_write.",
    );
    const wrongTool = await split.callTool({ name: "api_gh", arguments: { method: "POST", path: "/x", body: {} } });
    expect(wrongTool.isError).toBe(true);
    expect(JSON.stringify(wrongTool.content)).toContain("send POST through api_gh_write");
    const before = upstream.requests.length;
    expect(
      (await split.callTool({ name: "api_gh_write", arguments: { method: "POST", path: "/x", body: {} } })).isError,
    ).toBe(false);
    expect(upstream.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual(["POST /x"]);
    await split.close();

    const readOnly = await homeWith(["--tools", "split", "--read-only"]);
    const { client: reader } = await connect(readOnly);
    const listed = await reader.listTools();
    expect(
      listed.tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint]),
    ).toEqual([["api_gh", true, false]]);
    expect(listed.tools[0]!.description).toContain("Read-only: GET, HEAD and OPTIONS only");
  });

  it("elicitation accepted sends the call; declined sends nothing; the form shows source, method, path and the body in brief", async () => {
    const temp = await homeWith(["--confirm", "DELETE /repos/**"]);
    let answer: "accept" | "decline" = "accept";
    const { client: mcp, asked } = await connect(temp, () =>
      answer === "accept" ? { action: "accept", content: { confirm: true } } : { action: "decline" },
    );
    const before = upstream.requests.length;
    const accepted = await mcp.callTool({
      name: "api_gh",
      arguments: { method: "DELETE", path: "/repos/a/b", query: { cascade: "yes-value" } },
    });
    expect(accepted.isError).toBe(false);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(
      'An agent wants to send DELETE /repos/a/b with the query parameters cascade to "GH" (source "gh")',
    );
    expect(asked[0]).toContain('rule "DELETE /repos/**"');
    expect(asked[0]).not.toContain("yes-value");
    expect(asked[0]).not.toContain(secret);
    answer = "decline";
    const declined = await mcp.callTool({ name: "api_gh", arguments: { method: "DELETE", path: "/repos/a/c" } });
    expect(declined.isError).toBe(true);
    expect((declined.structuredContent as { error: { code: string } }).error.code).toBe("CONFIRMATION_DECLINED");
    expect(upstream.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      "DELETE /repos/a/b",
    ]);
  });

  it("a client without elicitation gets CONFIRMATION_REQUIRED, the same text as isError, nothing sent", async () => {
    const temp = await homeWith(["--confirm", "DELETE /repos/**"]);
    const { client: mcp } = await connect(temp);
    const before = upstream.requests.length;
    const refused = await mcp.callTool({ name: "api_gh", arguments: { method: "DELETE", path: "/repos/a/b" } });
    expect(refused.isError).toBe(true);
    expect((refused.structuredContent as { error: { code: string; rule: string } }).error).toMatchObject({
      code: "CONFIRMATION_REQUIRED",
      rule: "DELETE /repos/**",
    });
    expect(JSON.stringify(refused.content)).toContain("needs a person's confirmation");
    expect(upstream.requests.length).toBe(before);
  });

  it("the source's rate limit over stdio: RATE_LIMITED with retryAfterSeconds, nothing sent over it", async () => {
    const temp = await homeWith(["--rate-limit", "2/1m"]);
    const { client: mcp } = await connect(temp);
    const before = upstream.requests.length;
    const results = [];
    for (let index = 0; index < 3; index += 1)
      results.push(await mcp.callTool({ name: "api_gh", arguments: { method: "GET", path: `/items/${index}` } }));
    expect(results.map((result) => result.isError)).toEqual([false, false, true]);
    expect((results[2]!.structuredContent as { error: unknown }).error).toMatchObject({
      code: "RATE_LIMITED",
      retryable: true,
      rule: "rateLimit 2/60s",
      retryAfterSeconds: expect.any(Number),
    });
    expect(upstream.requests.slice(before).map((request) => request.path)).toEqual(["/items/0", "/items/1"]);
    await expect
      .poll(async () => (await auditLines(temp)).map((line) => line.outcome))
      .toEqual(["sent", "sent", "denied"]);
  });
});
