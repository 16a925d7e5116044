import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { sourceAddArgs } from "./helpers/source-add-args";

const secret = "tools-secret-77aa88bb99cc";
let temp: TempHome;
let upstream: Upstream;
const src = (args: string[], stdin?: string) => runSrc(args, { env: temp.env, stdin });

beforeAll(async () => {
  upstream = await startUpstream({ type: "header", headerName: "X-Key", key: secret });
});
afterAll(() => upstream.close());

// A home per test with the one source "key-api": a test that adds, breaks or edits sources changes only its own home.
/** The X-Key header source's flags, its key on stdin. */
const keyHeaderFromStdin = ["--auth", "header", "--header-name", "X-Key", "--credential-stdin"];

beforeEach(async () => {
  temp = await createTempHome();
  const added = await src(
    sourceAddArgs(
      { name: "Key API", slug: "key-api", baseUrl: upstream.url, testEndpoint: "/ping" },
      ...keyHeaderFromStdin,
    ),
    secret,
  );
  expect(added.code, added.stderr).toBe(0);
});
afterEach(() => temp.cleanup());

describe("src tools", () => {
  it("lists name, source, base URL, auth mode and status", async () => {
    const result = await src(["tools"]);
    expect(result.code).toBe(0);
    for (const text of ["api_key_api", "key-api", upstream.url, "header", "connected"])
      expect(result.stdout).toContain(text);
    expect(result.stdout).not.toContain("input schema");
  });

  it("-v adds the description and the input schema", async () => {
    const result = await src(["tools", "-v"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Input schema of api_key_api:");
    expect(result.stdout).toContain('"_rawBody"');
  });

  it("-v with several sources shows the shared input schema and description once, and each tool's own part", async () => {
    const other = await src(
      sourceAddArgs(
        { name: "Other API", slug: "other-api", baseUrl: `${upstream.url}/v2`, testEndpoint: "/ping" },
        ...keyHeaderFromStdin,
      ),
      secret,
    );
    expect(other.code).toBe(0);
    const result = await src(["tools", "-v"]);
    expect(result.code).toBe(0);
    expect(result.stdout.match(/"_rawBody"/g)).toHaveLength(1);
    expect(result.stdout).toContain("Input schema of every tool:");
    expect(result.stdout).toContain("Every tool's description goes on:");
    expect(result.stdout.match(/never send tokens/g)).toHaveLength(1);
    expect(result.stdout).toContain(
      `── api_other_api (Other API)\nCalls the REST API "Other API" (source "other-api") at ${upstream.url}/v2 with a method and a path under that URL.`,
    );
    expect(result.stdout).toContain('── api_key_api (Key API)\nCalls the REST API "Key API"');
  });

  it("warns on stderr about a source whose config.json is broken, instead of leaving it out silently", async () => {
    const directory = join(temp.home, "sources", "broken-one");
    await import("node:fs/promises").then(({ mkdir }) => mkdir(directory, { recursive: true }));
    await writeFile(join(directory, "config.json"), '{ "type": "api", "name": 1 }');
    const result = await src(["tools"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("api_key_api");
    expect(result.stderr).toContain('warning: source "broken-one" has no tool');
    // The problems themselves, not the error's headline alone.
    expect(result.stderr).toContain(
      'is broken (name: must be a string; slug: is required: a short identifier such as "github-api"; enabled: is required: true or false; api: is required',
    );
    expect(result.stderr).toContain("src source reload broken-one");
  });

  it("--json prints the tool definitions", async () => {
    const result = await src(["tools", "--json"]);
    const tools = JSON.parse(result.stdout);
    expect(tools).toEqual([
      expect.objectContaining({
        name: "api_key_api",
        source: "key-api",
        baseUrl: upstream.url,
        authType: "header",
        connectionStatus: "connected",
        hasCredential: true,
        description: expect.any(String),
        inputSchema: expect.objectContaining({ type: "object" }),
      }),
    ]);
    expect(result.stdout).not.toContain(secret);
  });
});

describe("src shell", () => {
  it("runs piped operator commands, one per line, and exits 0 when all succeed", async () => {
    const result = await src(
      ["shell"],
      "/help\n\n# a comment\n/tools\n/tools -v\n/source list\n/source reload key-api\n",
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("/source reload SLUG");
    expect(result.stdout).toContain("api_key_api  source=key-api");
    expect(result.stdout).toContain("input schema:");
    expect(result.stdout).toContain("key-api: connected (HTTP 200)");
    expect(result.stderr).toBe("");
    expect(result.stdout).not.toContain("src> ");
  });

  it("reports a failed reload after config.json was edited, and exits 1", async () => {
    const file = join(temp.home, "sources", "key-api", "config.json");
    const record = JSON.parse(await readFile(file, "utf8"));
    await writeFile(file, JSON.stringify({ ...record, api: { ...record.api, testEndpoint: "/missing" } }));
    const result = await src(["shell"], "/source reload key-api\n/tools\n");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("key-api: failed (HTTP 404)");
    expect(result.stdout).toContain("status=failed");
  });

  it("unknown commands and slugs fail without stopping the shell; /exit ends it", async () => {
    const result = await src(["shell"], "/frobnicate\n/source reload nope\n/help\n/exit\n/tools\n");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown command "/frobnicate"');
    expect(result.stderr).toContain(
      'error: source "nope" not found; list the sources to see the configured slugs (/source list)',
    );
    expect(result.stdout).toContain("/help");
    expect(result.stdout).not.toContain("api_key_api");
  });

  it("accepts commands without the slash, and /help lists every command including /exit", async () => {
    const result = await src(["shell"], "help\ntools\nsource list\nexit\n/tools\n");
    expect(result.code).toBe(0);
    for (const usage of ["/source reload SLUG", "/source list", "/tools -v", "/help", "/exit"])
      expect(result.stdout).toContain(usage);
    expect(result.stdout).toContain("api_key_api  source=key-api");
    expect(result.stdout.match(/api_key_api {2}source=key-api/g)).toHaveLength(1); // "exit" ended the shell before the last /tools
    expect(result.stderr).toBe("");
  });

  it("--json prints one JSON line per command", async () => {
    const result = await src(["shell", "--json"], "/source list\n/nope\n");
    const lines: unknown[] = result.stdout
      .trim()
      .split("\n")
      .map((line): unknown => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({
        command: "/source list",
        ok: true,
        data: [expect.objectContaining({ slug: "key-api" })],
      }),
      expect.objectContaining({
        command: "/nope",
        ok: false,
        data: { error: expect.objectContaining({ code: "UNKNOWN_COMMAND" }) },
      }),
    ]);
    expect(result.code).toBe(1);
  });
});
