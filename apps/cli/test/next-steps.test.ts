import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runInTerminal } from "./helpers/run-in-terminal";
import { runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";
import { bearerItemsDocument } from "./helpers/openapi-document";

// Every next step the CLI prints is a command that works as printed: each test makes the CLI print one, takes the
// command from the output, and runs it (in a terminal where it asks for a secret).

const password = "next-step-secret-4b8e2d6a";
const enter = "\r";
let temp: TempHome;
let upstreams: Upstream[];
const src = (args: string[], stdin?: string): Promise<RunResult> =>
  runSrc(args, { env: temp.env, stdin, cwd: temp.home });

/** The arguments of a printed `src ...` command, single quotes as a shell reads them. */
function argsOf(command: string): string[] {
  const words = [...command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((match) =>
    match[1] === undefined ? match[2]! : match[1].replaceAll("'\\''", "'"),
  );
  expect(words[0]).toBe("src");
  return words.slice(1);
}

/** The one command in `text` after `prefix`: in backticks, or the rest of the line. */
function commandAfter(text: string, prefix: string): string {
  const at = text.indexOf(prefix);
  expect(at, `"${prefix}" in:\n${text}`).toBeGreaterThanOrEqual(0);
  const rest = text.slice(at + prefix.length);
  return (rest.startsWith("`") ? rest.slice(1, rest.indexOf("`", 1)) : rest.split("\n")[0]!).trim();
}

/** Runs the command `text` prints after `prefix`, checked to be `expected` first; it must exit 0. */
async function runPrintedCommand(text: string, prefix: string, expected: string): Promise<RunResult> {
  const command = commandAfter(text, prefix);
  expect(command).toBe(expected);
  const result = await src(argsOf(command));
  expect(result.code, result.stderr).toBe(0);
  return result;
}

async function upstream(auth: Parameters<typeof startUpstream>[0]): Promise<Upstream> {
  const started = await startUpstream(auth);
  upstreams.push(started);
  return started;
}

const document = (url: string) => bearerItemsDocument(url, "Items");

beforeEach(async () => {
  temp = await createTempHome();
  upstreams = [];
});
afterEach(async () => {
  await Promise.all(upstreams.map((started) => started.close()));
  for (const file of await temp.files()) expect(file.text, file.path).not.toContain(password);
  await temp.cleanup();
});

describe("next steps work as printed", { timeout: 90_000 }, () => {
  it("after a basic source's new base URL: `Next: src credential set SLUG` (no username: it may be the key) asks for both and connects", async () => {
    const old = await upstream({ type: "basic", username: "ada", password });
    const added = await src(
      sourceAddArgs({ name: "Basic", baseUrl: old.url }, "--auth", "basic", "--username", "ada", "--credential-stdin"),
      password,
    );
    expect(added.code, added.stderr).toBe(0);
    const moved = await upstream({ type: "basic", username: "ada", password });
    const edited = await src(["source", "edit", "basic", "--base-url", moved.url]);
    expect(edited.code, edited.stderr).toBe(0);
    const next = commandAfter(edited.stdout, "Next: ");
    expect(next).toBe("src credential set basic");
    expect(edited.stdout).not.toContain("ada");
    // The advice is said once: the status text that says the same is not printed as well.
    expect(edited.stdout).not.toContain("set the credential again");
    // A call meanwhile is told why the stored credential is not sent (not that none is stored), and nothing reaches either.
    const called = await src(["call", "basic", "GET", "/me"]);
    expect(called.code).toBe(1);
    expect(called.stderr).toContain(
      'error NO_CREDENTIAL: the credential stored for source "basic" was stored for another address of the API (its base URL or an auth endpoint changed since); store it again with `src credential set basic`',
    );
    expect(moved.received.length).toBe(0);
    // The stored credential is bound to the old address, so its username is not reused: the terminal asks for it.
    const { code, screen } = await runInTerminal(argsOf(next), temp.env, [
      { expect: "Username", send: `ada${enter}` },
      { expect: "Password", send: `${password}${enter}` },
    ]);
    expect(screen).toContain("basic: connected");
    expect(code).toBe(0);
    expect(moved.received.length).toBeGreaterThan(0);
  });

  it("a test the API refuses: `Next: src credential set SLUG` (a basic source's stored username kept, not printed) stores the right one and connects", async () => {
    const bearer = await upstream({ type: "bearer", token: password });
    const refused = await src(
      sourceAddArgs({ name: "Wrong", baseUrl: bearer.url }, ...bearerFromStdin),
      "not-the-token-000000",
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("wrong: needs_auth (HTTP 401)");
    const next = commandAfter(refused.stderr, "Next: ");
    expect(next).toBe("src credential set wrong");
    const stored = await runInTerminal(argsOf(next), temp.env, [{ expect: "API token", send: `${password}${enter}` }]);
    expect(stored.screen).toContain("wrong: connected");
    expect(stored.code).toBe(0);

    const basic = await upstream({ type: "basic", username: "ada", password });
    const refusedBasic = await src(
      sourceAddArgs(
        { name: "Wrong Basic", baseUrl: basic.url },
        "--auth",
        "basic",
        "--username",
        "ada",
        "--credential-stdin",
      ),
      "not-the-password",
    );
    expect(refusedBasic.code).toBe(1);
    const nextBasic = commandAfter(refusedBasic.stderr, "Next: ");
    expect(nextBasic).toBe("src credential set wrong-basic");
    expect(refusedBasic.stderr).not.toContain("ada");
    const storedBasic = await runInTerminal(argsOf(nextBasic), temp.env, [
      { expect: "Password", send: `${password}${enter}` },
    ]);
    expect(storedBasic.screen).toContain("Using the stored username");
    expect(storedBasic.screen).not.toContain("Username");
    expect(storedBasic.screen).toContain("wrong-basic: connected");
    expect(storedBasic.code).toBe(0);
  });

  it("NO_CREDENTIAL: `src credential set SLUG` (from src call and from source show) stores it and connects", async () => {
    const api = await upstream({ type: "bearer", token: password });
    // A source without a credential: `src source import` writes configs alone.
    const exported = JSON.stringify({
      format: "src.sources",
      version: 1,
      sources: [
        {
          type: "api",
          name: "Bare",
          slug: "bare",
          enabled: true,
          api: { baseUrl: api.url, authType: "bearer", testEndpoint: "/me" },
        },
      ],
    });
    const imported = await src(["source", "import", "-"], exported);
    expect(imported.code, imported.stderr).toBe(0);
    expect(commandAfter(imported.stdout, "Store each credential:\n")).toBe("src credential set bare");
    const call = await src(["call", "bare", "GET", "/items"]);
    expect(call.code).toBe(1);
    // The operator's words, not the agent's ("an operator must store one"), and the advice once.
    expect(call.stderr).toContain(
      'error NO_CREDENTIAL: no credential is stored for source "bare"; store it with `src credential set bare`\n',
    );
    const fromCall = commandAfter(call.stderr, "store it with ");
    expect(fromCall).toBe("src credential set bare");
    expect(commandAfter((await src(["source", "show", "bare"])).stdout, "not stored — run ")).toBe(fromCall);
    const { code, screen } = await runInTerminal(argsOf(fromCall), temp.env, [
      { expect: "API token", send: `${password}${enter}` },
    ]);
    expect(screen).toContain("bare: connected");
    expect(code).toBe(0);
  });

  it("SOURCE_DISABLED, UNKNOWN_TOOL and SOURCE_NOT_FOUND: `src source enable SLUG`, `src tools` and `src source list` run", async () => {
    const api = await upstream({ type: "bearer", token: password });
    expect(
      (await src(sourceAddArgs({ name: "Off", baseUrl: api.url }, ...bearerFromStdin, "--disabled"), password)).code,
    ).toBe(0);
    const disabled = await src(["call", "off", "GET", "/items"]);
    expect(disabled.stderr).toContain(
      'error SOURCE_DISABLED: source "off" is disabled; enable it with `src source enable off`\n',
    );
    await runPrintedCommand(disabled.stderr, "enable it with ", "src source enable off");
    expect((await src(["call", "off", "GET", "/items"])).code).toBe(0);

    const unknownTool = await src(["call", "nosuch", "GET", "/items"]);
    // The advice once, with the command that carries it out.
    expect(unknownTool.stderr.match(/list the/g)).toHaveLength(1);
    const listedTools = await runPrintedCommand(unknownTool.stderr, "list the tools to see their names (", "src tools");
    expect(listedTools.stdout).toContain("api_off");

    const unknownSource = await src(["source", "show", "nosuch"]);
    expect(unknownSource.code).toBe(2);
    expect(unknownSource.stderr.match(/list the/g)).toHaveLength(1);
    const listed = await runPrintedCommand(
      unknownSource.stderr,
      "list the sources to see the configured slugs (",
      "src source list",
    );
    expect(listed.stdout).toContain("off");
  });

  it("a call that breaks the OpenAPI document: the CLI's `src operations SLUG --id ...` (said once, never the agent's tool call) shows the operation", async () => {
    const api = await upstream({ type: "bearer", token: password });
    await writeFile(join(temp.home, "items.json"), JSON.stringify(document(api.url)));
    expect((await src(["source", "add", "--openapi", "items.json", "--credential-stdin"], password)).code).toBe(0);

    const refused = await src(["call", "items", "POST", "/items", "--body", "{}"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("body.name is required");
    expect(refused.stderr).not.toContain("api_items_operations");
    expect(refused.stderr.match(/src operations/g)).toHaveLength(1);
    const shown = await runPrintedCommand(
      refused.stderr,
      "see the operation in full with ",
      "src operations items --id createItem",
    );
    expect(shown.stdout).toContain('"operationId": "createItem"');

    const nowhere = await src(["call", "items", "GET", "/item/12/list"]);
    expect(nowhere.code).toBe(2);
    await runPrintedCommand(nowhere.stderr, "search the operations with ", "src operations items 'get item list'");

    const unknownId = await src(["operations", "items", "--id", "createItems"]);
    expect(unknownId.code).toBe(2);
    expect(unknownId.stderr).toContain('did you mean "createItem"');
    const found = await runPrintedCommand(
      unknownId.stderr,
      "search the operations with ",
      "src operations items 'create items'",
    );
    expect(found.stdout).toContain("createItem");

    // The agent reads the same step as its own tool call, through `--json` (the result an agent gets).
    const json = JSON.parse((await src(["--json", "call", "items", "POST", "/items", "--body", "{}"])).stdout) as {
      error: { message: string; next: unknown };
    };
    expect(json.error.next).toEqual({ tool: "api_items_operations", input: { operationId: "createItem" } });
    expect(json.error.message).not.toContain("src operations");
  });

  it("a broken config.json: `src source reload SLUG` from src tools runs once it is fixed", async () => {
    const api = await upstream({ type: "bearer", token: password });
    expect((await src(sourceAddArgs({ name: "Fixme", baseUrl: api.url }, ...bearerFromStdin), password)).code).toBe(0);
    const file = join(temp.home, "sources", "fixme", "config.json");
    const good = await readFile(file, "utf8");
    await writeFile(file, good.replace('"testEndpoint"', '"testEndpont"'));
    const tools = await src(["tools"]);
    const reload = commandAfter(tools.stderr, "fix it and run ");
    expect(reload).toBe("src source reload fixme");
    await writeFile(file, good);
    const reloaded = await src(argsOf(reload));
    expect(reloaded.code, reloaded.stderr).toBe(0);
    expect(reloaded.stdout).toContain("fixme: connected");
  });

  it("no agent tokens: the example `src token create my-agent` runs", async () => {
    const listed = await src(["token", "list"]);
    await runPrintedCommand(listed.stdout, "e.g. ", "src token create my-agent");
    expect((await src(["token", "list"])).stdout).toContain("my-agent");
  });
});
